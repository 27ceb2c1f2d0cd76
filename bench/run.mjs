// `npm run bench [-- --quick] [-- --only throughput,lists,cold,memory,reload,runtimes] [-- --with before,after]`: Decorum beside the official
// SDKs and a raw floor, every figure measured in this one run. Prints a Markdown table and writes
// bench/results/<timestamp>.json. See docs/benchmarks.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { measureReload } from './dev-reload.mjs';
import { buildDecorumServer, DECORUM_UNBUNDLED, DIST_ENTRIES, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { measureColdStart } from './lib/cold-start.mjs';
import { IMPLS as ALL, withSnapshots } from './lib/impls.mjs';
import { measureLists } from './lib/lists.mjs';
import { measureMemory } from './lib/memory.mjs';
import { summarize, table, unbundledRow } from './lib/report.mjs';
import { measureThroughput, RSS_AFTER_LOAD } from './lib/throughput.mjs';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const onlyAt = argv.indexOf('--only');
const only =
  onlyAt >= 0 ? argv[onlyAt + 1].split(',') : ['throughput', 'lists', 'cold', 'memory', 'reload', 'runtimes'];
// `--with before,after`: snapshots from bench/snapshot-decorum.mjs run too, as decorum@before … (A/B runs).
const withAt = argv.indexOf('--with');
const IMPLS = withAt >= 0 ? withSnapshots(argv[withAt + 1].split(',')) : ALL;

// durationMs is each implementation's measured time per round and cell, taken in `slices` turns each preceded by
// `sliceWarmupMs` of unrecorded calls (bench/lib/load.mjs, runInterleaved); warmupMs is the in-memory cells' warm-up.
const cfg = quick
  ? { rounds: 3, durationMs: 250, slices: 5, sliceWarmupMs: 20, warmupMs: 100 }
  : { rounds: 5, durationMs: 1000, slices: 10, sliceWarmupMs: 30, warmupMs: 300 };
Object.assign(
  cfg,
  quick ? { coldRounds: 5, listCalls: 5, listWarmup: 5 } : { coldRounds: 15, listCalls: 20, listWarmup: 20 },
);
Object.assign(cfg, {
  concurrencies: [1, 32],
  // The negotiated revisions every stdio and HTTP figure runs at (2026-07-28 stateless requests come on top).
  revisions: ['2025-06-18', '2025-11-25'],
  listSizes: [5, 50, 500],
  sessions: 1000,
  leakWarmup: quick ? 5000 : 20_000,
  leakCalls: quick ? 20_000 : 100_000,
  // RSS after stateless load: this many stateless 2025-11-25 calls, then as many 2026-07-28 ones.
  statelessCalls: quick ? 10_000 : 40_000,
});

const t0 = performance.now();
const log = (msg) => process.stderr.write(`[${((performance.now() - t0) / 1000).toFixed(1)} s] ${msg}\n`);

// Decorum runs from the built packages, as a published app would: build them when missing.
ensurePackagesBuilt(argv.includes('--build'), log);
const builtAt = new Date(Math.min(...DIST_ENTRIES.map((f) => statSync(f).mtimeMs))).toISOString();
await buildDecorumServer();

const rows = [];
if (only.includes('throughput')) {
  const { [RSS_AFTER_LOAD]: rss, ...throughput } = await measureThroughput(cfg, IMPLS, log);
  rows.push(...summarize('throughput', throughput), ...summarize('rss', { [RSS_AFTER_LOAD]: rss }));
}
if (only.includes('lists')) rows.push(...summarize('latency', await measureLists(cfg, IMPLS, log)));
if (only.includes('cold')) {
  rows.push(...summarize('latency', await measureColdStart(cfg, IMPLS, log)));
  // The same app built with --no-bundle: what bundling buys (its dependencies load from node_modules).
  const unbundled = { name: 'decorum', file: fileURLToPath(DECORUM_UNBUNDLED) };
  const [rounds] = Object.values(await measureColdStart(cfg, [unbundled], log));
  rows.push(...unbundledRow(rounds.decorum));
}
if (only.includes('memory')) {
  const figures = await measureMemory(cfg, IMPLS, log);
  const [idle, leak, stateless] = Object.keys(figures);
  rows.push(...summarize('sessions', { [idle]: figures[idle] }), ...summarize('leak', { [leak]: figures[leak] }));
  rows.push(...summarize('rss', { [stateless]: figures[stateless] }));
}
if (only.includes('reload')) {
  const reload = await measureReload({ rounds: quick ? 8 : 20 }, log);
  rows.push({
    kind: 'reload',
    figure: `dev reload, ${reload.tools}-tool project (file written → list_changed)`,
    impls: { decorum: reload },
    target: '< 300 ms',
    met: reload.medianMs < 300,
  });
}

const names = IMPLS.map((i) => i.name);
const machine = `${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}`;
const date = new Date().toISOString();
const markdown = table(rows, names);
console.log(`\n${quick ? 'quick' : 'full'} run, ${date}, ${machine}; Decorum dist built ${builtAt}`);
console.log('cells: median calls/s · p50 / p99 latency (tools/call); median ms (lists, cold start)\n');
console.log(markdown);

// Other runtimes (issue 41): cold start and calls/s of the same app built with `decorum build --target <runtime>`
// in each runtime that is installed, beside Node — its own table, from bench/runtimes.mjs (docs/benchmarks.md).
let runtimes;
if (only.includes('runtimes')) {
  log('runtimes: bench/runtimes.mjs');
  const args = quick ? ['--rounds', '1', '--seconds', '1'] : ['--rounds', '3', '--seconds', '2'];
  const child = spawnSync(process.execPath, [fileURLToPath(new URL('runtimes.mjs', import.meta.url)), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  runtimes = child.status === 0 ? child.stdout : `bench/runtimes.mjs failed (exit ${child.status})\n`;
  console.log(`\nruntimes (same app per runtime; calls/s over HTTP, cold start to first answer)\n\n${runtimes}`);
}

const dir = new URL('results/', import.meta.url);
mkdirSync(dir, { recursive: true });
const file = new URL(`${date.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`, dir);
writeFileSync(file, `${JSON.stringify({ date, machine, quick, builtAt, config: cfg, rows, runtimes }, null, 2)}\n`);
log(`wrote ${file.pathname}`);
