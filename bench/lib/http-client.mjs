// A small HTTP MCP client on node:http with keep-alive: one socket per concurrent client,
// sessions initialized first (stateful), or bare POSTs with the protocol header (stateless).
// Answers may be JSON or an SSE stream (the official SDKs stream by default); both are parsed.
import { Agent, request } from 'node:http';
import { initializeParams, PROTOCOL_VERSION } from './messages.mjs';

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

export class HttpMcpClient {
  #nextId = 1;

  constructor(url, { agent, stateless = false }) {
    this.url = url;
    this.agent = agent;
    this.stateless = stateless;
    this.headers = stateless ? { 'mcp-protocol-version': PROTOCOL_VERSION } : {};
  }

  /** Stateful: initialize, then notifications/initialized; keeps the session id. */
  async connect() {
    if (this.stateless) return this;
    const init = await post(this.url, this.agent, this.#frame('initialize', initializeParams), {});
    const sessionId = init.headers['mcp-session-id'];
    if (init.status !== 200 || !sessionId)
      throw new Error(`initialize: HTTP ${init.status} ${init.text.slice(0, 200)}`);
    this.headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL_VERSION };
    const note = await post(
      this.url,
      this.agent,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      this.headers,
    );
    if (note.status !== 202) throw new Error(`notifications/initialized: HTTP ${note.status}`);
    return this;
  }

  async request(method, params) {
    const id = this.#nextId;
    const res = await post(this.url, this.agent, this.#frame(method, params), this.headers);
    if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return parseAnswer(res, id);
  }

  #frame(method, params) {
    return JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params });
  }
}

/** `count` clients on one keep-alive agent (one socket each). */
export async function httpClients(url, count, { stateless = false } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const clients = [];
  for (let i = 0; i < count; i++) clients.push(await new HttpMcpClient(url, { agent, stateless }).connect());
  return { clients, close: () => agent.destroy() };
}
