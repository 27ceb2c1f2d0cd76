// Helpers for raw Streamable HTTP tests against a handler in this process: Web Request objects, no
// socket (a handler takes a Request and returns a Response). Their SSE bodies are read with the
// SseReader of ../support/raw-http.ts, which the tests over real HTTP share.
import { ACCEPT_BOTH, initializeRequest, LEGACY } from '../support/raw-http.js';

export const MCP_URL = 'http://127.0.0.1/mcp';

/** An MCP POST to the handler (JSON body, both answers accepted), with `headers` added. */
export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** An initialize request that declares sampling and roots. */
export const initializeBody = (protocolVersion = LEGACY, id: string | number = 'init') =>
  initializeRequest(protocolVersion, id, { sampling: {}, roots: {} });
