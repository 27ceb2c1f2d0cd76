import type { McpApp } from '@decorum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { httpOptions } from '../src/http-options.js';

// @if auth:oauth
import { SIGN_IN_ENV } from './sign-in-env.js';

// @endif
const env = {
  // @if auth:oauth
  ...SIGN_IN_ENV,
  // @endif
};

describe('the HTTP server', () => {
  let app: McpApp | undefined;
  afterEach(async () => {
    await app?.close();
  });

  it('answers the health check and serves MCP on the same port', async () => {
    app = createApp();
    // PORT=0: a free port, never a fixed one. handleSignals stays off: a test must not own the process's signals.
    const { url } = await app.listen({ http: { ...httpOptions({ ...env, PORT: '0' }), handleSignals: false } });
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
    // @if auth:none
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeTruthy();
    // @endif
    // @if auth:oauth
    // Without a token: 401, pointing the client at where to sign in.
    expect(initialize.status).toBe(401);
    expect(initialize.headers.get('www-authenticate')).toContain('resource_metadata=');
    // @endif
  });

  it('reads ALLOWED_HOSTS for a wildcard bind', () => {
    expect(httpOptions({ ...env, HOST: '0.0.0.0', ALLOWED_HOSTS: 'mcp.example.com, api.example.com' })).toMatchObject({
      host: '0.0.0.0',
      originPolicy: { allowedHosts: ['mcp.example.com', 'api.example.com'] },
    });
  });
});
