import type { McpApp } from '@decorum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { httpOptions } from '../src/http-options.js';

describe('the HTTP server', () => {
  let app: McpApp | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers the health check and serves MCP on the same port', async () => {
    app = createApp();
    // PORT=0: a free port, never a fixed one. handleSignals stays off: a test must not own the process's signals.
    const { url } = await app.listen({ http: { ...httpOptions({ PORT: '0' }), handleSignals: false } });
    const health = await fetch(new URL('/health', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const initialize = await fetch(url as URL, {
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

  it('reads ALLOWED_HOSTS for a wildcard bind', () => {
    expect(httpOptions({ HOST: '0.0.0.0', ALLOWED_HOSTS: 'mcp.example.com, api.example.com' })).toMatchObject({
      host: '0.0.0.0',
      originPolicy: { allowedHosts: ['mcp.example.com', 'api.example.com'] },
    });
  });
});
