import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { type RunningHttpServer, serveWithHealth } from '../src/http-server.js';

describe('the HTTP server', () => {
  let server: RunningHttpServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('answers the health check and serves MCP on the same port', async () => {
    server = await serveWithHealth(createApp(), { port: 0 }); // port 0: a free port, never a fixed one
    const health = await fetch(new URL('/health', server.url));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const initialize = await fetch(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0.0.0' } },
      }),
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeTruthy();
  });
});
