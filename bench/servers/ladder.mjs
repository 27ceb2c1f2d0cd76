// The layers of Decorum's HTTP path, one at a time, for `node bench/cpu-cost.mjs --ladder`: what each layer adds
// to the server CPU of one tools/call. Each rung answers the bench's tools/call with the same bytes:
// - adapter: `createServer(toNodeHandler(…))` around an HttpService that answers at once (the Node adapter alone);
// - endpoint: `StreamableHttpHandler` over a bare `ProtocolServer` with a hand-written tools provider (the
//   endpoint, sessions and the engine, no Decorum core);
// the full app is bench/servers/decorum.ts and the floor bench/servers/raw.mjs.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { ProtocolServer, StreamableHttpHandler } from '@decorum/protocol';
import { toNodeHandler } from '@decorum/protocol/node';
import { forecastText, isMain, parseArgs, ready } from './common.mjs';

const tool = {
  name: 'forecast',
  description: 'Weather forecast for a city',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
};

function adapter(stateless) {
  // What the floor does, behind the adapter: parse, find the session, answer.
  const sessions = new Set();
  let next = 0;
  const reply = (status, body, headers = {}) => ({
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return {
    handle: () => Promise.reject(new Error('the ladder serves the native path only')),
    async serve(input) {
      const body = await input.json(4 * 1024 * 1024);
      const msg = body.value;
      if (msg.method === 'initialize') {
        const id = String(++next);
        sessions.add(id);
        const result = {
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'ladder', version: '1' },
        };
        return reply(200, { jsonrpc: '2.0', id: msg.id, result }, { 'Mcp-Session-Id': id });
      }
      if (!stateless && !sessions.has(input.headers.get('mcp-session-id'))) return reply(404, {});
      if (msg.id === undefined) return { status: 202, headers: {}, body: null };
      return reply(200, {
        jsonrpc: '2.0',
        id: msg.id,
        result: { content: [{ type: 'text', text: forecastText(msg.params.arguments) }] },
      });
    },
  };
}

function endpoint(stateless) {
  const server = new ProtocolServer({ serverInfo: { name: 'ladder', version: '1.0.0' } });
  const list = [tool];
  server.setTools({
    list: () => list,
    call: async (params) => ({ content: [{ type: 'text', text: forecastText(params.arguments) }] }),
  });
  return new StreamableHttpHandler(server, { stateless });
}

if (isMain(import.meta.url)) {
  const args = parseArgs();
  const rung = process.argv.includes('--rung=adapter') ? adapter(args.stateless) : endpoint(args.stateless);
  const server = createServer(toNodeHandler(rung)).listen(0, '127.0.0.1');
  await once(server, 'listening');
  ready(`http://127.0.0.1:${server.address().port}/mcp`);
}
