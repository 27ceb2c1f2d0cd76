// `node bench/rss-trend.mjs [--blocks 5] [--calls 100000]`: RSS and heap of the stdio servers after each
// block of tools/call (32 in flight), after a GC. The bench's leak row compares one before/after
// pair; this shows whether memory keeps climbing or only moves within the allocator's range.
import { IMPLS } from './lib/impls.mjs';
import { runCount } from './lib/load.mjs';
import { callParams, checkCall } from './lib/messages.mjs';
import { spawnServer } from './lib/spawn-server.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const blocks = arg('--blocks', 5);
const calls = arg('--calls', 100_000);
const mib = (bytes) => (bytes / 2 ** 20).toFixed(1);

for (const impl of IMPLS.filter((i) => i.name !== 'raw')) {
  const server = await spawnServer(impl, { nodeArgs: ['--expose-gc'] });
  try {
    const call = async () => checkCall(await server.rpc.request('tools/call', callParams));
    await runCount(call, { concurrency: 32, count: 20_000 }); // warm-up
    const points = [];
    for (let block = 0; block <= blocks; block++) {
      if (block > 0) await runCount(call, { concurrency: 32, count: calls });
      const m = await server.mem();
      points.push(`${mib(m.rss)}/${mib(m.heapUsed)}`);
    }
    console.log(
      `${impl.name.padEnd(10)} RSS/heap MiB every ${calls.toLocaleString('en-US')} calls: ${points.join('  ')}`,
    );
  } finally {
    await server.stop();
  }
}
