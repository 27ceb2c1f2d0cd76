// A small HTTP MCP client on node:http with keep-alive: one socket per client (session),
// sessions initialized first (stateful), or bare POSTs with the protocol header (stateless).
// Answers may be JSON or an SSE stream (the official SDKs stream by default); both are parsed.
import { Agent, request } from 'node:http';
import { initializeParams, MODERN_VERSION, modernRequest, PROTOCOL_VERSION } from './messages.mjs';

/** One POST; the whole answer as text. */
function post(url, agent, body, headers) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The JSON-RPC response with `id` in a JSON or SSE body. */
function parseAnswer(res, id) {
  if (!(res.headers['content-type'] ?? '').startsWith('text/event-stream')) return JSON.parse(res.text);
  for (const line of res.text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (!data) continue;
    const message = JSON.parse(data);
    if (message.id === id) return message;
  }
  throw new Error(`no answer for ${id} in SSE body: ${res.text.slice(0, 200)}`);
}

/**
 * One MCP client over HTTP: a session (initialize, then notifications/initialized; the session id kept), or bare
 * POSTs with the protocol header (stateless, and every 2026-07-28 request). `send(body, headers)` is the connection
 * pattern: a node:http agent here, a shared undici Pool in bench/lib/pool-client.mjs.
 */
export class HttpMcpClient {
  #nextId = 1;

  constructor(send, { stateless = false, version = PROTOCOL_VERSION }) {
    this.send = send;
    this.stateless = stateless;
    this.version = version;
    this.headers = stateless || version === MODERN_VERSION ? { 'mcp-protocol-version': version } : {};
  }

  async connect() {
    if (this.stateless || this.version === MODERN_VERSION) return this;
    const params = { ...initializeParams, protocolVersion: this.version };
    const init = await this.send(this.#frame('initialize', params), {});
    const sessionId = init.headers['mcp-session-id'];
    if (init.status !== 200 || !sessionId)
      throw new Error(`initialize: HTTP ${init.status} ${init.text.slice(0, 200)}`);
    this.headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': this.version };
    const note = await this.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), this.headers);
    if (note.status !== 202) throw new Error(`notifications/initialized: HTTP ${note.status}`);
    return this;
  }

  async request(method, params) {
    const id = this.#nextId;
    let headers = this.headers;
    if (this.version === MODERN_VERSION) {
      const modern = modernRequest(method, params);
      params = modern.params;
      headers = { ...headers, ...modern.headers };
    }
    const res = await this.send(this.#frame(method, params), headers);
    if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return parseAnswer(res, id);
  }

  #frame(method, params) {
    return JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params });
  }
}

/**
 * `count` clients, each with its own keep-alive agent of one socket: a session keeps its connection (as a desktop
 * client does). bench/lib/pool-client.mjs is the other pattern, where sessions share a pool of connections.
 */
export async function httpClients(
  url,
  count,
  { stateless = false, version = PROTOCOL_VERSION, oneSocket = false } = {},
) {
  const agents = [];
  const clients = [];
  // oneSocket: every client on one shared socket (the idle-sessions memory figure opens sessions, then waits).
  const shared = oneSocket ? new Agent({ keepAlive: true, maxSockets: 1 }) : undefined;
  for (let i = 0; i < count; i++) {
    const agent = shared ?? new Agent({ keepAlive: true, maxSockets: 1 });
    if (agents.length === 0 || !shared) agents.push(agent);
    const send = (body, headers) => post(url, agent, body, headers);
    clients.push(await new HttpMcpClient(send, { stateless, version }).connect());
  }
  const close = () => {
    for (const agent of agents) agent.destroy();
  };
  return { clients, close };
}
