// The load client of bench/runtimes.mjs: MCP calls over HTTP/1.1 keep-alive on node:http, with one socket per
// call in flight (an Agent capped at `concurrency`), so every runtime is measured by the same light client.
// Why not `fetch`: in this Node, undici's fetch costs 0.5–1.3 ms of client CPU per call (the more, the colder its
// JIT), three to eight times what the servers spend, and it opened twice as many connections as calls in flight.
// On a shared 2-core machine the figure was then the client's, and worst for the first runtime measured (Node).
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const VERSION = '2025-06-18';

/** The JSON-RPC message of an answer: the JSON body, or the last `data:` line of an SSE body. */
function message(text) {
  if (text.startsWith('{')) return JSON.parse(text);
  const data = text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .pop();
  if (data === undefined) throw new Error(`no JSON-RPC message in: ${text.slice(0, 300)}`);
  return JSON.parse(data.slice(6));
}

/**
 * A client of one MCP endpoint: `initialize` (a session when the server keeps one), then `call(params)` for
 * `tools/call`, `concurrency` sockets at most, kept alive between calls.
 */
export function loadClient(url, { concurrency = 8 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  let session;
  let nextId = 1;
  const post = (body) =>
    new Promise((resolve, reject) => {
      const headers = session ? { ...HEADERS, 'mcp-session-id': session, 'mcp-protocol-version': VERSION } : HEADERS;
      const req = request(url, { method: 'POST', agent, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const rpc = async (method, params) => {
    const answer = await post({ jsonrpc: '2.0', id: nextId++, method, params });
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}: ${answer.text.slice(0, 300)}`);
    const reply = message(answer.text);
    if (reply.error) throw new Error(JSON.stringify(reply.error));
    return { result: reply.result, headers: answer.headers };
  };
  return {
    async initialize() {
      const { result, headers } = await rpc('initialize', {
        protocolVersion: VERSION,
        capabilities: {},
        clientInfo: { name: 'bench', version: '1' },
      });
      session = headers['mcp-session-id'];
      if (session) await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
      return result;
    },
    call: (params) => rpc('tools/call', params).then(({ result }) => result),
    close: () => agent.destroy(),
  };
}

/**
 * `concurrency` lanes, each calling `call` again as soon as its answer is in, until `calls` are done or, with
 * `seconds`, the time is up. Resolves with the calls done and the milliseconds taken.
 */
export async function runLoad(call, { concurrency = 8, calls = Number.POSITIVE_INFINITY, seconds } = {}) {
  let started = 0;
  let done = 0;
  const begun = performance.now();
  const deadline = seconds === undefined ? Number.POSITIVE_INFINITY : begun + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (started < calls && performance.now() < deadline) {
        started++;
        await call();
        done++;
      }
    }),
  );
  return { done, ms: performance.now() - begun };
}
