/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- benchmark experiment (Node process, prints its figures) */
/**
 * Before/after measurements of two changes the profile points at, applied to in-memory copies
 * only (no node or credential file is changed):
 * - `fnAuth`: the access-token credential's `authenticate` as a function instead of the generic
 *   `'=Bearer {{$credentials.accessToken}}'` block (n8n evaluates that expression, with a fresh
 *   workflow data proxy, on every request);
 * - `fewProps`: the node description reduced to the properties shown for contact → Get Many
 *   (n8n-core's RoutingNode resolves every top-level property of the node, per input item, with a
 *   data proxy each: the cost grows with the number of top-level properties).
 * Usage after compiling (bench/run.js): `node --expose-gc .bench-tmp/bench/experiment.js [N] [rounds]`.
 */
import {
	NodeHelpers,
	type ICredentialDataDecryptedObject,
	type IHttpRequestOptions,
	type INodeParameters,
} from 'n8n-workflow';

import { credentialTypes, nodeTypeMap, PACKAGE, runNode } from '../test/helpers/harness';
import { sandboxWithContacts } from './worker';

type Variant = 'baseline' | 'fnAuth' | 'fewProps' | 'both';
const VARIANTS: Variant[] = ['baseline', 'fnAuth', 'fewProps', 'both'];

const credentialType = credentialTypes.contentPlatformApi;
const genericAuth = credentialType.authenticate;
const functionAuth = async (credentials: ICredentialDataDecryptedObject, options: IHttpRequestOptions) => ({
	...options,
	headers: { ...options.headers, Authorization: `Bearer ${String(credentials.accessToken)}` },
});

const nodeType = nodeTypeMap[`${PACKAGE}.contentPlatform`];
const allProperties = nodeType.description.properties;

function apply(variant: Variant, parameters: INodeParameters): void {
	credentialType.authenticate = variant === 'fnAuth' || variant === 'both' ? functionAuth : genericAuth;
	nodeType.description.properties =
		variant === 'fewProps' || variant === 'both'
			? allProperties.filter((p) => NodeHelpers.displayParameter(parameters, p, null, nodeType.description, parameters))
			: allProperties;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main(): Promise<void> {
	const n = Number(process.argv[2] ?? 10000);
	const rounds = Number(process.argv[3] ?? 7);
	const sandbox = await sandboxWithContacts(n);
	const credentials = { contentPlatformApi: { baseUrl: sandbox.url, accessToken: sandbox.token } };
	const all: INodeParameters = { resource: 'contact', operation: 'getAll', returnAll: true, simple: true };
	const one: INodeParameters = { resource: 'contact', operation: 'getAll', returnAll: false, limit: 1, simple: true };
	const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
	const times: Record<string, number[]> = {};
	try {
		for (let round = -1; round < rounds; round++) {
			for (let k = 0; k < VARIANTS.length; k++) {
				const variant = VARIANTS[(Math.max(round, 0) + k) % VARIANTS.length];
				for (const [label, parameters, reads] of [
					['returnAll', all, 1],
					['limit1', one, 20],
				] as const) {
					apply(variant, parameters);
					gc();
					const start = performance.now();
					for (let i = 0; i < reads; i++) {
						const result = await runNode({ parameters, credentials });
						if (result.error) throw new Error(result.error.message);
					}
					const ms = (performance.now() - start) / reads;
					if (round >= 0) (times[`${label} ${variant}`] ??= []).push(ms);
				}
			}
		}
	} finally {
		apply('baseline', all);
		await sandbox.close();
	}
	console.log(`N=${n}, ${rounds} rounds, ${allProperties.length} top-level properties in the node`);
	for (const label of ['returnAll', 'limit1']) {
		const base = median(times[`${label} baseline`]);
		for (const variant of VARIANTS) {
			const m = median(times[`${label} ${variant}`]);
			console.log(
				`${label.padEnd(9)} ${variant.padEnd(8)} ${m.toFixed(1).padStart(8)} ms  ${((100 * (m - base)) / base).toFixed(0).padStart(4)}%`,
			);
		}
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
