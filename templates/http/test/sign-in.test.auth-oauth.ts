// Sign-in, without calling the identity provider: what MCP clients discover, that a client can register, and
// that a server missing a setting stops at startup naming it. (A whole sign-in goes through a browser and the
// provider: run the server with `npm run dev` and connect with the Inspector, `npm run inspect`.)
import type { McpApp } from '@decorum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { httpOptions } from '../src/http-options.js';
import { SIGN_IN_ENV } from './sign-in-env.js';

describe('sign-in', () => {
  let app: McpApp | undefined;
  afterEach(async () => {
    await app?.close();
  });

  const listen = async () => {
    app = createApp();
    const { url } = await app.listen({ http: { ...httpOptions({ ...SIGN_IN_ENV, PORT: '0' }), handleSignals: false } });
    return url as URL;
  };

  it('tells clients where to sign in: protected-resource and authorization-server metadata', async () => {
    const url = await listen();
    const resource = await (await fetch(new URL('/.well-known/oauth-protected-resource/mcp', url))).json();
    expect(resource).toMatchObject({ resource: url.href, authorization_servers: [url.origin] });
    const server = (await (await fetch(new URL('/.well-known/oauth-authorization-server', url))).json()) as Record<
      string,
      unknown
    >;
    expect(server).toMatchObject({ issuer: url.origin, code_challenge_methods_supported: ['S256'] });
    expect(server.client_id_metadata_document_supported).toBe(true);
  });

  it('registers a client dynamically (RFC 7591) with a loopback redirect URI', async () => {
    const url = await listen();
    const response = await fetch(new URL('/oauth/register', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'test',
        redirect_uris: ['http://127.0.0.1:8765/callback'],
        token_endpoint_auth_method: 'none',
      }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { client_id?: unknown }).client_id).toEqual(expect.any(String));
  });

  it('stops at startup naming a missing setting', () => {
    expect(() => httpOptions({ ...SIGN_IN_ENV, OAUTH_ENCRYPTION_KEY: undefined })).toThrow('OAUTH_ENCRYPTION_KEY');
    expect(() => httpOptions({ ...SIGN_IN_ENV, OAUTH_PROVIDER: 'oidc' })).toThrow('OAUTH_ISSUER');
  });
});
