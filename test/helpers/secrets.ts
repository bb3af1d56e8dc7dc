/**
 * Checks that a secret (a token, a client secret) appears nowhere in what a run produced:
 * `safeStringify` (any value as text, circular references included) and `expectNoSecret` (the
 * error's message, description, stack and serialized form, the items and the run's data).
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

/** `secret` is in no error message, description, serialized error, stack, item or run data of `result`. */
export function expectNoSecret(result: NodeRunResult, secret: string): void {
	const error = result.error as (Error & { description?: string | null }) | undefined;
	for (const text of [
		error?.message,
		error?.description,
		error?.stack,
		safeStringify(error ?? null),
		safeStringify(result.items),
		safeStringify(result.run.data.resultData),
	]) {
		expect(String(text ?? '')).not.toContain(secret);
	}
}
