/**
 * Secrets kept out of what is shown: the credential's secrets replaced by "[redacted]" in text
 * (`redactText`), in a parsed answer body (`redactValue`) and in an error, however deep
 * (`redactError`), in every form a server may echo them in (as is, URL-encoded, JSON-escaped).
 */
/** What replaces a secret in anything shown. */
const REDACTED = '[redacted]';

/** The forms in which a secret may come back from a server: as is, URL-encoded, JSON-escaped. */
function secretForms(secrets: string[]): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (secret.length < 4) continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
		forms.add(JSON.stringify(secret).slice(1, -1));
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

/** `text` with every secret (see `secretForms`) replaced by "[redacted]". */
export function redactText(text: string, secrets: string[]): string {
	let result = text;
	for (const form of secretForms(secrets)) result = result.split(form).join(REDACTED);
	return result;
}

/** A copy of a parsed body (string, array, object) with every secret redacted, keys included. */
export function redactValue(value: unknown, secrets: string[]): unknown {
	if (secrets.length === 0) return value;
	if (typeof value === 'string') return redactText(value, secrets);
	if (Array.isArray(value)) return value.map((entry) => redactValue(entry, secrets));
	if (typeof value === 'object' && value !== null) {
		return Object.fromEntries(
			Object.entries(value).map(([key, entry]) => [redactText(key, secrets), redactValue(entry, secrets)]),
		);
	}
	return value;
}

/**
 * The same error with every secret redacted in place, in its message, description, stack and
 * every string it holds (the server's answer, n8n's request details), however deep.
 */
export function redactError<T>(error: T, secrets: string[]): T {
	if (secrets.length === 0 || typeof error !== 'object' || error === null) return error;
	const seen = new WeakSet<object>();
	const walk = (target: Record<string, unknown>, depth: number) => {
		if (seen.has(target) || depth > 8) return;
		seen.add(target);
		for (const key of Object.getOwnPropertyNames(target)) {
			let value: unknown;
			try {
				value = target[key];
			} catch {
				continue;
			}
			if (typeof value === 'string') {
				const redacted = redactText(value, secrets);
				if (redacted !== value) {
					try {
						target[key] = redacted;
					} catch {
						// read-only property: left as is
					}
				}
			} else if (typeof value === 'object' && value !== null && !(value instanceof Buffer)) {
				walk(value as Record<string, unknown>, depth + 1);
			}
		}
	};
	walk(error as unknown as Record<string, unknown>, 0);
	return error;
}
