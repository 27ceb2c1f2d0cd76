// The floor: a minimal hand-written JSON-RPC responder. No validation, no schema, no
// capabilities negotiation beyond echoing a version: what any MCP server must at least do. It lists the same
// tool as the others (name, description, the fields' descriptions and constraints), so lists compare like with like.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { DESCRIPTION, forecastText, isMain, parseArgs, ready, toolNames } from './common.mjs';

const SCHEMA = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'City name', minLength: 1 },
    days: { type: 'integer', description: 'Number of days', minimum: 1, maximum: 14 },
    units: { type: 'string', description: 'Unit system', enum: ['metric', 'imperial'] },
  },
  required: ['city', 'days', 'units'],
};

function responder(toolCount) {
  const tools = toolNames(toolCount).map((name) => ({ name, description: DESCRIPTION, inputSchema: SCHEMA }));
  return (msg) => {
    if (msg.id === undefined) return undefined;
    const reply = (result) => ({ jsonrpc: '2.0', id: msg.id, result });
    switch (msg.method) {
      case 'initialize':
        return reply({
          protocolVersion: msg.params.protocolVersion,
          capabilities: { tools: {} },
          serverInfo: { name: 'raw', version: '1.0.0' },
        });
      case 'tools/list':
        return reply({ tools });
      case 'tools/call':
        return reply({ content: [{ type: 'text', text: forecastText(msg.params.arguments) }] });
      case 'ping':
        return reply({});
      default:
        return { jsonrpc: '2.0', id: msg.id, error: { code: -32601, message: 'Method not found' } };
    }
  };
}

/** A client-side transport wired straight to the responder, one microtask away. */
export async function inMemory(toolCount) {
  const respond = responder(toolCount);
  const client = {
    onmessage: undefined,
    async start() {},
    async send(msg) {
      queueMicrotask(() => {
        const out = respond(msg);
        if (out) queueMicrotask(() => client.onmessage?.(out));
      });
    },
    async close() {},
  };
  return client;
}

function serveStdio(respond) {
  let buffer = '';
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (chunk) => {
    buffer += chunk;
    let nl = buffer.indexOf('\n');
    let out = '';
    while (nl >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) {
        const reply = respond(JSON.parse(line));
        if (reply) out += `${JSON.stringify(reply)}\n`;
      }
      nl = buffer.indexOf('\n');
    }
    if (out) process.stdout.write(out);
  });
  process.stdin.on('end', () => process.exit(0));
  ready();
}

function serveHttp(respond, stateless) {
  const sessions = new Set();
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'DELETE') {
        sessions.delete(req.headers['mcp-session-id']);
        return res.writeHead(200).end();
      }
      const msg = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const headers = { 'content-type': 'application/json' };
      if (msg.method === 'initialize' && !stateless) {
        const id = randomUUID();
        sessions.add(id);
        headers['mcp-session-id'] = id;
      } else if (!stateless && !sessions.has(req.headers['mcp-session-id'])) {
        return res.writeHead(404).end();
      }
      const reply = respond(msg);
      if (!reply) return res.writeHead(202).end();
      res.writeHead(200, headers).end(JSON.stringify(reply));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${server.address().port}/mcp`));
}

if (isMain(import.meta.url)) {
  const args = parseArgs();
  const respond = responder(args.tools);
  if (args.http) serveHttp(respond, args.stateless);
  else serveStdio(respond);
}
