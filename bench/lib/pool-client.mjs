// The pooled connection pattern: one undici Pool of N keep-alive connections shared by every session, so a
// session's requests land on whichever connection is free (as behind a reverse proxy or an HTTP/1.1 gateway).
// Beside bench/lib/http-client.mjs (one socket per session), whose client it drives.
import { Pool } from 'undici';
import { HttpMcpClient } from './http-client.mjs';

const BASE_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** `count` sessions sharing one undici Pool of `connections` keep-alive connections. */
export async function pooledClients(url, count, { stateless = false, version, connections = count } = {}) {
  const { origin, pathname } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const send = async (body, headers) => {
    const res = await pool.request({ path: pathname, method: 'POST', headers: { ...BASE_HEADERS, ...headers }, body });
    return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
  };
  const clients = [];
  for (let i = 0; i < count; i++) clients.push(await new HttpMcpClient(send, { stateless, version }).connect());
  return { clients, close: () => pool.destroy() };
}
