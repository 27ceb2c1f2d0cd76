// `node bench/profile.mjs [--impl decorum|decorum@<snapshot>|raw|…] [--mode stdio|http|stateless|modern] [--pooled]
// [--seconds 5]`: runs one server under --cpu-prof with 32 tools/call in flight, then prints the top frames.
// `modern` is 2026-07-28 (stateless, envelope in _meta); --pooled shares one undici Pool among the clients.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDecorumServer, ensurePackagesBuilt } from './lib/build-decorum.mjs';
import { httpClients } from './lib/http-client.mjs';
import { withSnapshots } from './lib/impls.mjs';
import { runLoad } from './lib/load.mjs';
import { callParams, checkCall, MODERN_VERSION, PROTOCOL_VERSION } from './lib/messages.mjs';
import { pooledClients } from './lib/pool-client.mjs';
import { spawnServer } from './lib/spawn-server.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
// --impl decorum@before profiles a snapshot from bench/snapshot-decorum.mjs.
const implName = opt('--impl', 'decorum');
const snapshot = implName.startsWith('decorum@') ? [implName.slice('decorum@'.length)] : [];
const impl = withSnapshots(snapshot).find((i) => i.name === implName);
const mode = opt('--mode', 'stdio');
const seconds = Number(opt('--seconds', '5'));

ensurePackagesBuilt();
await buildDecorumServer();
const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
const http = mode !== 'stdio';
const server = await spawnServer(impl, {
  http,
  stateless: mode === 'stateless' || mode === 'modern',
  nodeArgs: ['--cpu-prof', '--cpu-prof-dir', dir],
});
let call;
let pool;
if (http) {
  const options = { stateless: mode === 'stateless', version: mode === 'modern' ? MODERN_VERSION : PROTOCOL_VERSION };
  pool = argv.includes('--pooled')
    ? await pooledClients(server.url, 32, options)
    : await httpClients(server.url, 32, options);
  call = async (slot) => checkCall(await pool.clients[slot].request('tools/call', callParams));
} else {
  call = async () => checkCall(await server.rpc.request('tools/call', callParams));
}
const result = await runLoad(call, { concurrency: 32, durationMs: seconds * 1000, warmupMs: 500 });
console.log(`${impl.name} ${mode}: ${Math.round(result.throughput)} calls/s, p50 ${result.p50.toFixed(2)} ms`);
pool?.close();
await server.stop();

const profile = JSON.parse(readFileSync(join(dir, readdirSync(dir)[0]), 'utf8'));
const self = new Map();
const dt = new Map();
profile.samples.forEach((id, i) => {
  dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
let total = 0;
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || '(anonymous)'} ${url.replace(/^file:\/\/\/work\/main\//, '')}:${lineNumber + 1}`;
  const us = dt.get(node.id) ?? 0;
  total += us;
  self.set(key, (self.get(key) ?? 0) + us);
}
// Inclusive time: each sample counts once for every distinct frame on its stack.
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const keyOf = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^file:\/\/\/work\/main\//, '')}:${n.callFrame.lineNumber + 1}`;
const inclusive = new Map();
for (const [id, us] of dt) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) seen.add(keyOf(byId.get(cur)));
  for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + us);
}
const ours = (key) => /packages\/|node_modules\/|undici|bench\//.test(key);
console.log(`profile: ${join(dir, readdirSync(dir)[0])}\ninclusive time (packages, undici, node_modules), top 40:`);
for (const [key, us] of [...inclusive]
  .filter(([k]) => ours(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 40)) {
  console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
console.log('self time, top 30:');
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
