// `node bench/rss-stateless.mjs [--calls 40000] [--impls decorum,raw] [--with before]`: RSS after stateless HTTP load
// (bench/lib/rss-stateless.mjs), the servers one after another, read as the load left them and after a forced GC.
// `npm run bench` runs the same pattern in its memory section; see docs/benchmarks.md.
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { IMPLS, withSnapshots } from './lib/impls.mjs';
import { rssAfterStatelessLoad } from './lib/rss-stateless.mjs';
import { fmtMiB } from './lib/stats.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const calls = Number(opt('--calls', '40000'));
const wanted = opt('--impls', 'decorum,raw').split(',');
const snapshots = (opt('--with', '') || undefined)?.split(',') ?? [];
const impls = withSnapshots(snapshots).filter((i) => i.name.includes('@') || wanted.includes(i.name));
if (!snapshots.length && !impls.length) throw new Error(`no implementation among ${IMPLS.map((i) => i.name)}`);

ensurePackagesBuilt();
await buildDecorumServer();
const results = [];
for (const impl of impls) {
  results.push(await rssAfterStatelessLoad(impl, calls));
  process.stderr.write(`${impl.name} done\n`);
}
const raw = results[impls.findIndex((i) => i.name === 'raw')];
console.log(`\nRSS after ${calls} stateless 2025-11-25 + ${calls} 2026-07-28 tools/call (32 in flight, pooled)`);
console.log(
  '| impl | RSS at start | RSS after load (no GC) | after GC | heap used after load / after GC | vs floor (no GC / GC) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const [i, impl] of impls.entries()) {
  const { start, loaded, collected } = results[i];
  const vs = raw
    ? `${(loaded.rss / raw.loaded.rss).toFixed(2)}× / ${(collected.rss / raw.collected.rss).toFixed(2)}×`
    : '';
  console.log(
    `| ${impl.name} | ${fmtMiB(start.rss)} | ${fmtMiB(loaded.rss)} | ${fmtMiB(collected.rss)} | ${fmtMiB(loaded.heapUsed)} / ${fmtMiB(collected.heapUsed)} | ${vs} |`,
  );
}
