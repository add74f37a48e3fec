// @ts-check
/**
 * Timing calls in a benchmark process, told apart from garbage collection pauses: each call's
 * start and end are kept, and the pauses V8 reports are matched against them afterwards.
 */
import { PerformanceObserver } from 'node:perf_hooks';

/** Garbage collection pauses seen, as [start, end] (performance.now()'s clock). */
const pauses = /** @type {[number, number][]} */ ([]);
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.startTime + entry.duration]);
}).observe({ entryTypes: ['gc'] });

/** @param {number[]} values @param {number} q */
export function quantile(values, q) {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/**
 * Times one call per item, keeping each call's start and end.
 * @template T @param {readonly T[]} items @param {(item: T, i: number) => void} call
 */
export function timedCalls(items, call) {
  const calls = new Float64Array(2 * items.length);
  items.forEach((item, i) => {
    const t = performance.now();
    call(item, i);
    calls[2 * i] = t;
    calls[2 * i + 1] = performance.now();
  });
  return calls;
}

/**
 * The durations of timed calls, and those of the calls no garbage collection pause fell in.
 * @param {Float64Array} calls
 */
export async function withoutPauses(calls) {
  // The observer is told of pauses after the fact: a turn of the event loop first.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const times = [];
  const clean = [];
  for (let i = 0; i < calls.length; i += 2) {
    const [start, end] = [calls[i] ?? 0, calls[i + 1] ?? 0];
    times.push(end - start);
    if (!pauses.some(([from, to]) => from < end && to > start)) clean.push(end - start);
  }
  return { times, clean };
}
