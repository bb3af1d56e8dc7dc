/**
 * An ID set as a cursor stores it: runs of consecutive integer IDs packed into `[first, last]`
 * pairs (`packIds`) and unpacked when read back (`unpackIds`), within `MAX_SET_IDS`. Pure functions.
 */

/** Most IDs a stored set may expand to (a safety net far above real bursts). */
export const MAX_SET_IDS = 5000;

/** Shortest run stored as a pair: `[a,b]` is shorter than `"a","b","c"` from three IDs on. */
const MIN_RUN = 3;

/** A canonical decimal integer ID ("12", not "012", "1e3" or "-1"), within the safe integers. */
const INTEGER_ID = /^(0|[1-9][0-9]{0,14})$/;

/**
 * IDs of a set (order carries no meaning) as `{ ids, runs }`: runs of three or more consecutive
 * integer IDs (as a burst of records gets them) become `[first, last]` pairs.
 */
export function packIds(ids: string[]): { ids: string[]; runs?: Array<[number, number]> } {
	const numbers: number[] = [];
	const others: string[] = [];
	for (const id of new Set(ids)) {
		if (INTEGER_ID.test(id)) numbers.push(Number(id));
		else others.push(id);
	}
	numbers.sort((a, b) => a - b);
	const runs: Array<[number, number]> = [];
	for (let start = 0; start < numbers.length; ) {
		let end = start;
		while (end + 1 < numbers.length && numbers[end + 1] === numbers[end] + 1) end++;
		if (end - start + 1 >= MIN_RUN) runs.push([numbers[start], numbers[end]]);
		else others.push(...numbers.slice(start, end + 1).map(String));
		start = end + 1;
	}
	return runs.length ? { ids: others, runs } : { ids: others };
}

/** The IDs of `ids` + `runs` as packed by `packIds`, or undefined when they are not valid. */
export function unpackIds(ids: unknown, runs: unknown): string[] | undefined {
	if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) return undefined;
	const out: string[] = [...(ids as string[])];
	if (runs === undefined) return out.length <= MAX_SET_IDS ? out : undefined;
	if (!Array.isArray(runs)) return undefined;
	for (const run of runs as unknown[]) {
		if (!Array.isArray(run) || run.length !== 2) return undefined;
		const [from, to] = run as unknown[];
		if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) return undefined;
		if ((from as number) < 0 || (to as number) < (from as number)) return undefined;
		if (out.length + ((to as number) - (from as number) + 1) > MAX_SET_IDS) return undefined;
		for (let id = from as number; id <= (to as number); id++) out.push(String(id));
	}
	return out;
}
