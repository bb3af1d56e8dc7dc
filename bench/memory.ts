/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- benchmark helper (Node process, timers, perf_hooks) */
/**
 * What the memory jobs of the bench share (bench/worker.ts `memory`, bench/parallel.ts
 * `benchParallelMemory`): a full garbage collection, and one read measured with
 * `process.memoryUsage()` sampled every 5 ms.
 */
import { performance } from 'node:perf_hooks';

/** Peak memory of one read (bytes) and its wall time (ms); "before" is after a GC, just before the read. */
export interface MemorySample {
	items: number;
	ms: number;
	rssBefore: number;
	peakRss: number;
	heapBefore: number;
	peakHeap: number;
}

/** Two full garbage collections when node runs with --expose-gc (the bench's children do). */
export function gc(): void {
	const collect = (globalThis as { gc?: () => void }).gc;
	if (collect) {
		collect();
		collect();
	}
}

/** Runs `read` (it returns how many items it read) after a GC, sampling RSS and heap every 5 ms. */
export async function sampledRead(read: () => Promise<number>): Promise<MemorySample> {
	gc();
	const before = process.memoryUsage();
	let peakRss = before.rss;
	let peakHeap = before.heapUsed;
	const sample = () => {
		const now = process.memoryUsage();
		peakRss = Math.max(peakRss, now.rss);
		peakHeap = Math.max(peakHeap, now.heapUsed);
	};
	const timer = setInterval(sample, 5);
	const start = performance.now();
	try {
		const items = await read();
		const ms = performance.now() - start;
		sample();
		return { items, ms, rssBefore: before.rss, peakRss, heapBefore: before.heapUsed, peakHeap };
	} finally {
		clearInterval(timer);
	}
}
