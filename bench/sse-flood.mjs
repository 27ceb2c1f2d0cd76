// `node bench/sse-flood.mjs [--count 20000] [--size 16384] [--clients reading,slow,none] [--slow-ms 1] [--first reading]`: server
// memory while a tool floods one SSE stream with log messages (issue 37), for a client that reads the stream as fast
// as it can (`reading`), one that reads but slower than the server writes (`slow`: pauses `--slow-ms` after each
// chunk) and one that never reads (`none`). The server is packages/protocol/test/fixtures/http-server-flood.ts
// (run from source); each client gets a session of its own, after one unmeasured flood that brings the heap to its
// working size. Per client: RSS before, the peak RSS during the flood (/proc, sampled every 20 ms), RSS after (GC)
// and the growth, against the per-stream cap (8 MiB by default). Linux only. See docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const count = Number(opt('--count', '20000'));
const size = Number(opt('--size', '16384'));
const clients = opt('--clients', 'reading,slow,none').split(',');
const slowMs = Number(opt('--slow-ms', '1'));
// The kind of client of the first (unmeasured in the table, reported above it) flood.
const first = opt('--first', 'reading');
const MiB = 1024 * 1024;
const probe = fileURLToPath(new URL('./servers/mem-probe.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('../packages/protocol/test/fixtures/http-server-flood.ts', import.meta.url));

/** One POST; resolves with the response (unread) once its headers arrive. */
function post(url, headers, body) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, resolve);
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
const text = (res) =>
  new Promise((resolve) => {
    let out = '';
    res.setEncoding('utf8');
    res.on('data', (c) => {
      out += c;
    });
    res.on('end', () => resolve(out));
  });
const ACCEPT = { accept: 'application/json, text/event-stream' };

/** A session at debug log level: the headers its requests carry. */
async function session(url) {
  const init = await post(url, ACCEPT, {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'flood', version: '1' } },
  });
  await text(init);
  const headers = {
    ...ACCEPT,
    'mcp-session-id': init.headers['mcp-session-id'],
    'mcp-protocol-version': '2025-11-25',
  };
  await text(await post(url, headers, { jsonrpc: '2.0', method: 'notifications/initialized' }));
  await text(
    await post(url, headers, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'debug' } }),
  );
  return headers;
}

const rssOf = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

/** The server's RSS after a GC, through its `rss` tool. */
async function rssAfterGc(url, headers) {
  const res = await post(url, headers, {
    jsonrpc: '2.0',
    id: 3,
    method: 'tools/call',
    params: { name: 'rss', arguments: {} },
  });
  const body = await text(res);
  const line = body.split('\n').find((l) => l.startsWith('data:')) ?? body;
  return Number(JSON.parse(line.replace(/^data:\s*/, '')).result.content[0].text);
}

/** The server's process.memoryUsage() after a GC (bench/servers/mem-probe.mjs). */
async function memory() {
  const seen = stderr.split('MEM ').length;
  child.kill('SIGUSR2');
  await until(() => stderr.split('MEM ').length > seen && stderr.endsWith('\n'));
  const last = stderr.slice(stderr.lastIndexOf('MEM ') + 4);
  return JSON.parse(last.slice(0, last.indexOf('\n')));
}
const mib = (n) => `${(n / MiB).toFixed(1)} MiB`;
const heapLine = (label, m) =>
  `${label}: RSS ${mib(m.rss)}, heap ${mib(m.heapUsed)} used of ${mib(m.heapTotal)}, external ${mib(m.external)} (array buffers ${mib(m.arrayBuffers)})`;

/** One flood to a client of the given kind; resolves when the server reports it done. */
async function flood(url, kind, doneSeen) {
  const headers = await session(url);
  const call = {
    jsonrpc: '2.0',
    id: 'flood',
    method: 'tools/call',
    params: { name: 'flood', arguments: { count, size } },
  };
  const res = await post(url, headers, call);
  if (kind === 'none') res.pause();
  else if (kind === 'reading') res.resume();
  else {
    res.on('data', () => {
      res.pause();
      setTimeout(() => res.resume(), slowMs);
    });
  }
  await doneSeen();
  if (kind !== 'none') await new Promise((resolve) => res.once('end', resolve));
  res.destroy();
}

const child = spawn(
  process.execPath,
  ['--expose-gc', '--conditions=@decorum/source', '--import', '@decorum/cli/register', '--import', probe, fixture],
  { stdio: ['ignore', 'ignore', 'pipe'] },
);
let stderr = '';
const waiters = [];
child.stderr.on('data', (chunk) => {
  stderr += String(chunk);
  for (const wake of waiters.splice(0)) wake();
});
const until = async (test) => {
  while (!test()) await new Promise((resolve) => waiters.push(resolve));
};
try {
  await until(() => /MCP endpoint: (\S+)/.test(stderr));
  const url = new URL(/MCP endpoint: (\S+)/.exec(stderr)[1]);
  const probe = await session(url);
  const doneAfter = () => {
    const seen = stderr.split('flood done').length;
    return () => until(() => stderr.split('flood done').length > seen);
  };
  const start = await memory();
  let peak0 = rssOf(child.pid);
  const sampler0 = setInterval(() => {
    peak0 = Math.max(peak0, rssOf(child.pid));
  }, 20);
  await flood(url, first, doneAfter()); // brings the heap to its working size
  clearInterval(sampler0);
  const warmed = await memory();
  console.log(`\nfirst flood (a ${first} client), peak RSS ${mib(peak0)}`);
  console.log(heapLine('before', start));
  console.log(heapLine('after (GC)', warmed));
  console.log(`\n${count} log messages of ${size} B (${((count * size) / MiB).toFixed(0)} MiB) on one SSE stream`);
  console.log('| client | RSS before | peak RSS during | RSS after (GC) | growth after | peak − before |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const kind of clients) {
    const before = await rssAfterGc(url, probe);
    let peak = rssOf(child.pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(child.pid));
    }, 20);
    await flood(url, kind, doneAfter());
    clearInterval(sampler);
    const after = await rssAfterGc(url, probe);
    console.log(
      `| ${kind} | ${mib(before)} | ${mib(peak)} | ${mib(after)} | ${mib(after - before)} | ${mib(peak - before)} |`,
    );
  }
} finally {
  child.kill();
}
