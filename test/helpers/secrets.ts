/**
 * Checks that a secret (a token, a client secret) appears nowhere in what a run produced:
 * `safeStringify` (any value as text, circular references included), `visibleText` (what a user
 * can see of a run) and `expectNoSecret`.
 */
import type { NodeRunResult } from './harness';

/** `value` as JSON text, a circular reference written `[circular]`; '' for undefined. */
export function safeStringify(value: unknown): string {
	const seen = new WeakSet();
	return (
		JSON.stringify(value, (_key, v: unknown) => {
			if (typeof v === 'object' && v !== null) {
				if (seen.has(v)) return '[circular]';
				seen.add(v);
			}
			return v;
		}) ?? ''
	);
}

/** Everything a user (or n8n's execution store) can see of a run, as one text: the error's message, description, stack and serialized form, the items, the run's data. */
export function visibleText(result: NodeRunResult): string {
	const error = result.error as (Error & { description?: string | null }) | undefined;
	return [
		error?.message,
		error?.description,
		error?.stack,
		safeStringify(error ?? null),
		safeStringify(result.items),
		safeStringify(result.run.data.resultData),
	]
		.map((text) => String(text ?? ''))
		.join('\n');
}

/** `secret` is in no error message, description, serialized error, stack, item or run data of `result` (`visibleText`). */
export function expectNoSecret(result: NodeRunResult, secret: string): void {
	expect(visibleText(result)).not.toContain(secret);
}
