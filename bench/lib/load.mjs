// The load loop: `concurrency` workers, each with one call in flight, for a fixed time.
import { percentile } from './stats.mjs';

async function loop(call, concurrency, ms, latencies) {
  const end = performance.now() + ms;
  const worker = async (slot) => {
    while (performance.now() < end) {
      const start = performance.now();
      await call(slot);
      latencies?.push(performance.now() - start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, slot) => worker(slot)));
}

/** Warms up, then measures: calls/s and latency percentiles (ms). */
export async function runLoad(call, { concurrency, durationMs, warmupMs }) {
  await loop(call, concurrency, warmupMs);
  const latencies = [];
  const start = performance.now();
  await loop(call, concurrency, durationMs, latencies);
  const seconds = (performance.now() - start) / 1000;
  return {
    calls: latencies.length,
    throughput: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/**
 * One round of one cell, the implementations taking turns in short slices: `slices` times, each `call` runs for
 * `durationMs / slices` after a `sliceWarmupMs` of unrecorded calls, in the order given, then reversed, and so on
 * (A B C, C B A, A B C …). Measured a second apart, two implementations' figures of a round differ by ±10–15% on a
 * shared 2-core VM just from what the host does meanwhile (the floor against a copy of itself: one-second turns
 * gave round ratios of 0.57–1.51); in slices of 100 ms they see the same host, and that spread falls to about ±5%.
 * Gives, per call, the calls/s over its slices and the latency percentiles of all its calls.
 */
export async function runInterleaved(calls, { concurrency, durationMs, slices, sliceWarmupMs }) {
  const measured = calls.map(() => ({ ms: 0, latencies: [] }));
  const order = calls.map((_, i) => i);
  for (let slice = 0; slice < slices; slice++) {
    for (const i of slice % 2 === 0 ? order : [...order].reverse()) {
      await loop(calls[i], concurrency, sliceWarmupMs);
      const start = performance.now();
      await loop(calls[i], concurrency, durationMs / slices, measured[i].latencies);
      measured[i].ms += performance.now() - start;
    }
  }
  return measured.map(({ ms, latencies }) => ({
    calls: latencies.length,
    throughput: latencies.length / (ms / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  }));
}

/** Runs `count` calls with `concurrency` in flight (for the leak check). */
export async function runCount(call, { concurrency, count }) {
  let left = count;
  const worker = async (slot) => {
    while (left-- > 0) await call(slot);
  };
  await Promise.all(Array.from({ length: concurrency }, (_, slot) => worker(slot)));
}
