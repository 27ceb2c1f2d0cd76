// The pooled connection pattern: one undici Pool of N keep-alive connections shared by every session, so a
// session's requests land on whichever connection is free (as behind a reverse proxy or an HTTP/1.1 gateway).
// Beside bench/lib/http-client.mjs (one socket per session); answers may be JSON or SSE, as there.
import { Pool } from 'undici';
import { initializeParams, MODERN_VERSION, modernRequest } from './messages.mjs';

const BASE_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The JSON-RPC message with `id` in a JSON or SSE body. */
function parseAnswer(contentType, text, id) {
  if (!(contentType ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  for (const line of text.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const data = line.slice(5).trim();
    if (data && JSON.parse(data).id === id) return JSON.parse(data);
  }
  throw new Error(`no answer for ${id} in SSE body: ${text.slice(0, 200)}`);
}

async function post(pool, path, body, headers) {
  const res = await pool.request({ path, method: 'POST', headers: { ...BASE_HEADERS, ...headers }, body });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text };
}

/** One session (or stateless caller) whose requests go through the shared pool. */
class PooledMcpClient {
  #nextId = 1;

  constructor(pool, path, { stateless, version }) {
    this.pool = pool;
    this.path = path;
    this.stateless = stateless;
    this.version = version;
    this.modern = version === MODERN_VERSION;
    this.headers = { 'mcp-protocol-version': version };
  }

  async connect() {
    if (this.stateless || this.modern) return this;
    const init = await post(
      this.pool,
      this.path,
      this.#frame('initialize', { ...initializeParams, protocolVersion: this.version }),
      {},
    );
    const sessionId = init.headers['mcp-session-id'];
    if (init.status !== 200 || !sessionId)
      throw new Error(`initialize: HTTP ${init.status} ${init.text.slice(0, 200)}`);
    this.headers = { 'mcp-session-id': sessionId, 'mcp-protocol-version': this.version };
    const note = await post(
      this.pool,
      this.path,
      JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      this.headers,
    );
    if (note.status !== 202) throw new Error(`notifications/initialized: HTTP ${note.status}`);
    return this;
  }

  async request(method, params) {
    const id = this.#nextId;
    let headers = this.headers;
    if (this.modern) {
      const modern = modernRequest(method, params);
      params = modern.params;
      headers = { ...headers, ...modern.headers };
    }
    const res = await post(this.pool, this.path, this.#frame(method, params), headers);
    if (res.status !== 200) throw new Error(`${method}: HTTP ${res.status} ${res.text.slice(0, 200)}`);
    return parseAnswer(res.headers['content-type'], res.text, id);
  }

  #frame(method, params) {
    return JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method, params });
  }
}

/** `count` sessions sharing one undici Pool of `connections` keep-alive connections. */
export async function pooledClients(url, count, { stateless = false, version, connections = count } = {}) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const clients = [];
  for (let i = 0; i < count; i++)
    clients.push(await new PooledMcpClient(pool, pathname, { stateless, version }).connect());
  return { clients, close: () => pool.destroy() };
}
