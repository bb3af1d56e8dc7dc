/**
 * Every request the package makes, redirected to another origin: nothing reaches it. The entry
 * points are read off the package's nodes and credentials (package.json `n8n`): every operation of
 * the action node, every list search, option list and resource mapping of the editor, each
 * credential's Test, every event of the polling trigger's poll, and for every event of the webhook
 * trigger its hook registration (checkExists, create, delete), its confirming read and Payment
 * Succeeded's Include Purchases. Each is a row of ENTRY_KINDS; an entry point no row claims fails
 * the first test, so a new one cannot go untested.
 *
 * For every entry point, with the access token and with OAuth2 (a token obtained first), the API
 * (sandbox A) answers its 1st request with a redirect (301, 302, 303, 307 and 308 in turn) to a
 * second sandbox (B: another origin, holding the same records), then its 2nd request, and so on,
 * until the entry point makes no further request. Each time: B receives nothing (no credential, no
 * body), the run fails with the redirect named (a delivery: 503, nothing emitted, nothing
 * remembered), and no output holds anything of B's.
 */
import type { ICredentialDataDecryptedObject, INodeParameters, INodePropertyOptions } from 'n8n-workflow';

import type { RecordedRequest, Sandbox } from './sandbox';
import { accessTokenCredentials, useSandbox, everythingReceivedBy } from './helpers/fixtures';
import { runNode } from './helpers/harness';
import { loadOptionsContext } from './helpers/loadOptions';
import { CREDENTIAL_CLASSES, NODE_CLASSES } from './helpers/packageClasses';
import { ALL_OPERATIONS, sweepIds, sweepParameters, type SweepIds } from './helpers/sweep';
import { webhookRunners } from './helpers/webhookHarness';
import { runCredentialTest } from './helpers/credentialTester';
import { TriggerRunner } from './trigger/pollHarness';

const CANARY = 'cp-door-token-3f9a1';
const CLIENT_CANARY = 'cp-door-client-secret-c41d';

let api: Sandbox;
let other: Sandbox;
useSandbox(
	(started) => {
		api = started;
	},
	{ token: CANARY, oauth: { clientSecret: CLIENT_CANARY }, clearBeforeEach: true },
);
useSandbox(
	(started) => {
		other = started;
	},
	{ token: 'other-token', clearBeforeEach: true },
);
const { runner: webhookRunner } = webhookRunners(() => api);

const STATUSES = [301, 302, 303, 307, 308] as const;
const AUTHS = ['accessToken', 'oAuth2'] as const;
type Auth = (typeof AUTHS)[number];

/** The most requests of one entry point the test redirects in turn (Return All reads more pages than this). */
const MAX_REQUEST = 3;

const isTokenRequest = (request: RecordedRequest) => request.rawPath === '/v1/oauth/token';

function credentialsFor(auth: Auth): Record<string, ICredentialDataDecryptedObject> {
	return auth === 'oAuth2'
		? { contentPlatformOAuth2Api: { baseUrl: api.url, clientId: 'client-id', clientSecret: CLIENT_CANARY } }
		: accessTokenCredentials(api);
}

/** What one run of an entry point gave: the items it output, its error, a delivery's answer. */
interface Outcome {
	items: unknown[];
	error?: string;
	status?: number;
	/** A delivery: whether the trigger remembers having emitted it. */
	remembered?: boolean;
}

/** One kind of entry point: which entry points it claims, and how one is run with a credential. */
interface EntryKind {
	kind: string;
	claims: (entry: string) => boolean;
	/** Prepares what must exist before the redirected request (an activated trigger), then returns the run. */
	run: (entry: string, auth: Auth) => Promise<() => Promise<Outcome>>;
	/** A delivery: the redirected run is answered 503, not an error. */
	delivery?: boolean;
}

let ids: SweepIds;
beforeAll(async () => {
	ids = await sweepIds(api);
	// the hook the sweep registers points at example.com: deliveries go only to this test's triggers
	for (let i = api.hooks.length - 1; i >= 0; i--)
		if (!api.hooks[i].target_url.startsWith('http://127.0.0.1')) api.hooks.splice(i, 1);
});

const [actionNode, pollingTrigger, webhookTrigger] = [
	'contentPlatform',
	'contentPlatformTrigger',
	'contentPlatformWebhookTrigger',
].map((name) => NODE_CLASSES.find((entry) => entry.instance.description.name === name)!.instance);

const eventsOf = (properties: INodePropertyOptions[] | undefined) => (properties ?? []).map((o) => String(o.value));
const eventProperty = (node: typeof pollingTrigger) =>
	node.description.properties.find((p) => p.name === 'event')!.options as INodePropertyOptions[];

/** The webhook trigger's per-event switches: which events show a property named `name`. */
function eventsShowing(name: string): string[] {
	return [
		...new Set(
			webhookTrigger.description.properties
				.filter(
					(p) =>
						p.name === name ||
						(p.type === 'collection' && (p.options ?? []).some((o) => 'name' in o && o.name === name)),
				)
				.flatMap(
					(p) => (p.displayOptions?.show?.event as string[] | undefined) ?? eventsOf(eventProperty(webhookTrigger)),
				),
		),
	];
}

/** Every entry point of the package's nodes and credentials, as `<node or credential>:<what>`. */
function entryPoints(): string[] {
	const methods = actionNode.methods ?? {};
	const webhookEvents = eventsOf(eventProperty(webhookTrigger));
	return [
		...ALL_OPERATIONS.map((op) => `action:${op.resource}.${op.operation}`),
		...Object.entries(methods).flatMap(([group, fns]) =>
			Object.keys(fns ?? {}).map((name) => `editor:${group}.${name}`),
		),
		...CREDENTIAL_CLASSES.filter((c) => c.instance.test).map((c) => `credential:${c.instance.name}`),
		...eventsOf(eventProperty(pollingTrigger)).map((event) => `poll:${event}`),
		...Object.entries(webhookTrigger.webhookMethods ?? {}).flatMap(([, fns]) =>
			webhookEvents.flatMap((event) => Object.keys(fns).map((name) => `webhook:${event}.${name}`)),
		),
		...eventsShowing('confirm').map((event) => `webhook:${event}.confirmingRead`),
		...eventsShowing('includePurchases').map((event) => `webhook:${event}.includePurchases`),
	];
}

const after = (entry: string, prefix: string) => entry.slice(prefix.length);

async function runAction(entry: string, auth: Auth): Promise<() => Promise<Outcome>> {
	const [resource, operation] = after(entry, 'action:').split('.');
	const op = ALL_OPERATIONS.find((o) => o.resource === resource && o.operation === operation)!;
	const parameters: INodeParameters = {
		...sweepParameters(op, ids, op.method === 'GET' ? 'plain' : 'every'),
		authentication: auth,
	};
	return async () => {
		const result = await runNode({ parameters, credentials: credentialsFor(auth) });
		return { items: result.items, error: result.error?.message };
	};
}

async function runEditor(entry: string, auth: Auth): Promise<() => Promise<Outcome>> {
	const [group, name] = after(entry, 'editor:').split('.');
	const fn = (actionNode.methods as Record<string, Record<string, (this: unknown) => Promise<unknown>>>)[group][name];
	return async () => {
		const context = loadOptionsContext({
			parameters: {
				resource: 'contact',
				operation: 'create',
				siteId: { __rl: true, mode: 'id', value: '1' },
				authentication: auth,
			},
			credentials: credentialsFor(auth),
		});
		try {
			return { items: [await fn.call(context)] };
		} catch (error) {
			return { items: [], error: (error as Error).message };
		}
	};
}

async function runCredentialEntry(entry: string, auth: Auth): Promise<() => Promise<Outcome>> {
	const type = after(entry, 'credential:');
	// Each credential's Test uses its own credential: the run is the same under both "auth" labels.
	void auth;
	const data = type === 'contentPlatformApi' ? credentialsFor('accessToken') : credentialsFor('oAuth2');
	return async () => {
		const { result, verdict } = await runCredentialTest(type, data);
		return { items: result.items, error: verdict.status === 'OK' ? undefined : verdict.message };
	};
}

async function runPoll(entry: string, auth: Auth): Promise<() => Promise<Outcome>> {
	const trigger = new TriggerRunner({ event: after(entry, 'poll:'), authentication: auth }, credentialsFor(auth));
	return async () => {
		const result = await trigger.poll('manual');
		return { items: result.items ?? [], error: result.error?.message };
	};
}

async function runHookMethod(entry: string, auth: Auth): Promise<() => Promise<Outcome>> {
	const [event] = after(entry, 'webhook:').split('.');
	const parameters = { event, siteId: '1', authentication: auth } as INodeParameters;
	const trigger = await webhookRunner(parameters, 2, credentialsFor(auth));
	return async () => {
		const activated = await trigger.activate();
		const deactivated = await trigger.deactivate();
		const error = activated.error ?? deactivated.error;
		return { items: [], error: error?.message };
	};
}

/** A delivery with the confirming read (or Include Purchases) on, to an activated trigger. */
function runDelivery(switchName: 'confirm' | 'includePurchases') {
	return async (entry: string, auth: Auth): Promise<() => Promise<Outcome>> => {
		const [event] = after(entry, 'webhook:').split('.');
		const parameters: INodeParameters = {
			event,
			siteId: '1',
			authentication: auth,
			confirm: switchName === 'confirm',
			...(switchName === 'includePurchases' ? { includePurchases: true } : {}),
		};
		const trigger = await webhookRunner(parameters, 2, credentialsFor(auth));
		const activated = await trigger.activate();
		if (activated.error) throw activated.error;
		// Hook → Create's runs registered hooks on example.com: deliveries go only to this test's triggers
		for (let i = api.hooks.length - 1; i >= 0; i--) {
			if (!api.hooks[i].target_url.startsWith('http://127.0.0.1')) api.hooks.splice(i, 1);
		}
		return async () => {
			const status = await api.deliver(event as Parameters<Sandbox['deliver']>[0]);
			const memory = JSON.stringify(trigger.staticData.emittedRecords ?? {});
			return { items: trigger.emitted, status, remembered: memory !== '{}' };
		};
	};
}

const ENTRY_KINDS: EntryKind[] = [
	{
		kind: 'action node: read, list page, write, relationship write, by-email lookup',
		claims: (e) => e.startsWith('action:'),
		run: runAction,
	},
	{
		kind: 'editor: list searches, option lists, resource mapping',
		claims: (e) => e.startsWith('editor:'),
		run: runEditor,
	},
	{ kind: "a credential's Test", claims: (e) => e.startsWith('credential:'), run: runCredentialEntry },
	{ kind: "the polling trigger's poll", claims: (e) => e.startsWith('poll:'), run: runPoll },
	{
		kind: "the webhook trigger's hook registration (checkExists, create, delete)",
		claims: (e) => /^webhook:[a-z_]+\.(checkExists|create|delete)$/.test(e),
		run: runHookMethod,
	},
	{
		kind: "the webhook trigger's confirming read",
		claims: (e) => e.endsWith('.confirmingRead'),
		run: runDelivery('confirm'),
		delivery: true,
	},
	{
		kind: "the webhook trigger's Include Purchases read",
		claims: (e) => e.endsWith('.includePurchases'),
		run: runDelivery('includePurchases'),
		delivery: true,
	},
];

const ENTRY_POINTS = entryPoints();

test('every entry point of the built nodes and credentials is claimed by exactly one row', () => {
	const unclaimed = ENTRY_POINTS.filter((entry) => ENTRY_KINDS.filter((row) => row.claims(entry)).length !== 1);
	expect(unclaimed).toEqual([]);
	// the enumeration sees each kind
	for (const row of ENTRY_KINDS) expect([row.kind, ENTRY_POINTS.some(row.claims)]).toEqual([row.kind, true]);
	expect(ENTRY_POINTS.filter((e) => e.startsWith('action:'))).toHaveLength(73);
});

let statusTurn = 0;

describe.each(ENTRY_KINDS.map((row) => [row.kind, row] as const))('%s', (_kind, row) => {
	const entries = ENTRY_POINTS.filter(row.claims);
	describe.each(AUTHS)('with %s', (auth) => {
		test.each(entries)('%s: each request redirected to another origin reaches nothing there', async (entry) => {
			let redirected = 0;
			for (let nth = 1; nth <= MAX_REQUEST; nth++) {
				const run = await row.run(entry, auth);
				const status = STATUSES[statusTurn++ % STATUSES.length];
				let seen = 0;
				api.clearRequests();
				api.clearFaults();
				other.clearRequests();
				api.failNext({
					status,
					headers: { Location: `${other.url}/v1/elsewhere?from=${encodeURIComponent(entry)}` },
					body: '',
					match: (request) => !isTokenRequest(request) && ++seen === nth,
				});
				const outcome = await run();
				const hit = api.requests.some((request) => !isTokenRequest(request) && request.status === status);
				api.clearFaults();
				expect([entry, nth, other.requests]).toEqual([entry, nth, []]);
				if (!hit) break;
				redirected++;
				if (row.delivery) {
					expect([entry, nth, outcome.status, outcome.items, outcome.remembered]).toEqual([entry, nth, 503, [], false]);
				} else {
					expect([entry, nth, outcome.error]).toEqual([
						entry,
						nth,
						expect.stringMatching(new RegExp(`\\(${status}\\)|${status}`)),
					]);
				}
				expect(JSON.stringify(outcome.items)).not.toContain(other.url);
			}
			expect(redirected).toBeGreaterThan(0);
			expect(everythingReceivedBy(other)).not.toContain(CANARY);
			expect(everythingReceivedBy(other)).not.toContain(CLIENT_CANARY);
		});
	});
});
