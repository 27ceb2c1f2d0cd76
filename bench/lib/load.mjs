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

/** Runs `count` calls with `concurrency` in flight (for the leak check). */
export async function runCount(call, { concurrency, count }) {
  let left = count;
  const worker = async (slot) => {
    while (left-- > 0) await call(slot);
  };
  await Promise.all(Array.from({ length: concurrency }, (_, slot) => worker(slot)));
}
