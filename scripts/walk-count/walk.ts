// One HTTP tools/call, counted two ways: serves a one-tool McpApp through the Node adapter on loopback, warms it up,
// then follows exactly one tools/call. `hops`: the files on its call path, from the socket to the tool method and back
// to the socket write (stacks taken at the three points the answer passes: in the tool method, where the JSON-RPC
// response is encoded, and at the write; each followed back through the promises and callbacks before it: ./hops.ts).
// The encoding counts because a hop may hand the answer back by returning it: a synchronous call's way back (the
// exchange deciding the answer) is on no stack at the write, only on the one where the answer is made. `files`: every file in which V8's precise coverage saw a function run for the
// call, leaf helpers included (what a reader of the path meets). `--list` names the coverage files with the functions
// that ran, `--path` names the hop files instead; `--stateless` serves without sessions, `--modern` sends a 2026-07-28 request. Run through scripts/walk-count.mjs (it loads the sources with the
// SWC hook).
import 'reflect-metadata';
import { createServer, request as httpRequest } from 'node:http';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpApp, Tool } from '@decorum/core';
import { StreamableHttpHandler } from '@decorum/protocol';
import { toNodeHandler } from '@decorum/protocol/node';
import { HopTracer } from './hops.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const tracer = new HopTracer(ROOT);
/** Whether the request under way is the traced one (the tool method, the answer's encoding and writes then mark). */
let tracing = false;

// The answer's encoding: the JSON text of a JSON-RPC message that carries the tool's result.
const stringify = JSON.stringify;
JSON.stringify = ((...args: Parameters<typeof stringify>) => {
  const text = stringify(...args);
  if (tracing && typeof text === 'string' && text.includes('"jsonrpc"') && text.includes('"pong"')) tracer.mark();
  return text;
}) as typeof JSON.stringify;

class Walk {
  @Tool({ name: 'ping_tool', description: 'Answers at once' })
  ping() {
    if (tracing) tracer.mark();
    return 'pong';
  }
}

const stateless = process.argv.includes('--stateless');
// --modern: a 2026-07-28 request (its own era's endpoint, stateless by design) on the default handler.
const modern = process.argv.includes('--modern');
const version = modern ? '2026-07-28' : '2025-06-18';
const app = new McpApp({ name: 'walk', version: '1.0.0', providers: [Walk] });
const http = new StreamableHttpHandler(app.server, { stateless });
const handler = toNodeHandler(http);
const server = createServer((req, res) => {
  // The answer's writes mark the way back: each is where bytes of the answer go to the socket.
  for (const name of ['write', 'end'] as const) {
    const write = res[name] as (...args: unknown[]) => unknown;
    res[name] = ((...args: unknown[]) => {
      if (tracing) tracer.mark();
      return write.apply(res, args);
    }) as never;
  }
  handler(req, res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

let sessionId: string | undefined;
/** One POST over a fresh node:http request (no keep-alive pool to vary between runs). */
function post(message: unknown): Promise<string> {
  const body = JSON.stringify(message);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': version,
    'content-length': String(Buffer.byteLength(body)),
  };
  // The modern era's headers mirror the envelope.
  if (modern) Object.assign(headers, { 'mcp-method': 'tools/call', 'mcp-name': 'ping_tool' });
  if (sessionId !== undefined) headers['mcp-session-id'] = sessionId;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers }, (res) => {
      sessionId ??= res.headers['mcp-session-id'] as string | undefined;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const envelope = {
  'io.modelcontextprotocol/protocolVersion': version,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'walk', version: '1' },
};
const params = { name: 'ping_tool', arguments: {}, ...(modern && { _meta: envelope }) };
const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params };
if (!stateless && !modern) {
  const capabilities = {};
  const init = { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 'walk', version: '1' } };
  await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: init });
  await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
}
for (let i = 0; i < 3; i++) await post({ ...call, id: 10 + i });

tracer.start();
tracing = true;
const traced = await post(call);
tracing = false;
tracer.stop();
if (!traced.includes('pong')) throw new Error(`the traced tools/call failed: ${traced}`);

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await inspector.post('Profiler.takePreciseCoverage'); // resets the counts: what follows is the one call
const answer = await post(call);
const { result } = await inspector.post('Profiler.takePreciseCoverage');
await inspector.post('Profiler.stopPreciseCoverage');
inspector.disconnect();
if (!answer.includes('pong')) throw new Error(`the tools/call failed: ${answer}`);

const files = new Map<string, string[]>();
for (const script of result) {
  if (!script.url.startsWith('file:')) continue;
  const path = relative(ROOT, fileURLToPath(script.url.replace(/\?.*$/, '')));
  if (!/^packages\/[^/]+\/src\//.test(path)) continue;
  const ran = script.functions.filter((f) => f.ranges[0] !== undefined && f.ranges[0].count > 0);
  if (ran.length > 0)
    files.set(
      path,
      ran.map((f) => f.functionName || '(anonymous)'),
    );
}
const sorted = [...files.keys()].sort();
// By area: the HTTP ingress (http/ + node/), the engine, core.
const areas: Record<string, number> = {};
for (const path of sorted) {
  const [, pkg, rest] = /^packages\/([^/]+)\/src\/(.*)$/.exec(path) as RegExpExecArray;
  const area = `${pkg}/${rest?.includes('/') ? rest.slice(0, rest.indexOf('/')) : '.'}`;
  areas[area] = (areas[area] ?? 0) + 1;
}
const hops = tracer.hops;
if (process.argv.includes('--path')) {
  for (const [path, names] of hops) console.log(`${path}  ${names.join(', ')}`);
} else if (process.argv.includes('--list')) {
  for (const path of sorted) console.log(`${path}  ${[...new Set(files.get(path))].join(', ')}`);
}
console.log(
  JSON.stringify({
    mode: modern ? 'modern' : stateless ? 'stateless' : 'sessions',
    hops: hops.size,
    files: sorted.length,
    areas,
  }),
);
await http.close();
server.closeAllConnections();
server.close();
