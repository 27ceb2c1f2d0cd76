// Three instances on a real redis-server behind a non-sticky proxy: the authorization starts on one, the upstream
// callback and the code exchange run on another, the tool call on a third; then every instance restarts (new
// processes' worth of memory) and every grant is still there: the access token, the refresh token, the vault.
// Then the same with legacy sessions (Redis scale-out): the official SDK client's session is initialized on one
// instance and each of its later requests lands on another, across a restart.

import { type HttpServing, serveHttp } from '@decorum/protocol/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuthServer } from '../../packages/oauth/src/oauth-server.js';
import { RedisOAuthStore } from '../../packages/oauth/src/store/redis-oauth-store.js';
import { github } from '../../packages/oauth/src/upstream/presets.js';
import { FetchBrowser } from '../../packages/oauth/test/support/browser.js';
import { type StandIn, startGitHubStandIn } from '../../packages/oauth/test/support/github-stand-in.js';
import {
  CLIENT_REDIRECT,
  ENCRYPTION_KEY,
  PUBLIC_CLIENT,
  pkce,
  reposServer,
  signIn,
} from '../../packages/oauth/test/support/harness.js';
import { type PathProxy, startPathProxy } from '../../packages/oauth/test/support/path-proxy.js';
import { redisScaleOut } from '../../packages/redis/src/index.js';
import {
  hasRedisServer,
  RedisServer,
  TEST_REDIS_URL,
  uniquePrefix,
} from '../../packages/redis/test/support/redis-server.js';

const runs = TEST_REDIS_URL !== undefined || hasRedisServer();

describe.runIf(runs)('three instances on Redis', () => {
  let redis: RedisServer | undefined;
  let redisUrl: string;
  const prefix = uniquePrefix();
  let standIn: StandIn;
  let proxy: PathProxy;
  let instances: { serving: HttpServing; store: RedisOAuthStore }[] = [];
  /** With sessions, each MCP request goes to the next instance in turn; stateless, all go to the third. */
  let sessions = false;
  let mcpRequests = 0;

  /** Which instance serves a path: each step of the flow on a different one. */
  const route = (path: string): number => {
    if (path === '/oauth/authorize') return 0;
    if (path === '/oauth/callback' || path === '/oauth/token') return 1;
    if (path === '/oauth/consent') return 2;
    if (path === '/mcp') return sessions ? mcpRequests++ % 3 : 2;
    return 0;
  };

  async function startInstances(): Promise<void> {
    instances = [];
    for (let i = 0; i < 3; i++) {
      const store = new RedisOAuthStore({ url: redisUrl, keyPrefix: prefix });
      const serving = await serveHttp(reposServer(standIn.url), {
        port: 0,
        host: '127.0.0.1',
        ...(sessions
          ? { scaleOut: redisScaleOut({ url: redisUrl, keyPrefix: `${prefix}mcp:` }) }
          : { stateless: true as const }),
        auth: () =>
          new OAuthServer({
            // Every instance is the same public server: the proxy's origin.
            issuer: proxy.url,
            resource: `${proxy.url}/mcp`,
            upstream: github({
              clientId: 'gh-client',
              clientSecret: 'gh-secret',
              baseUrl: standIn.url,
              apiUrl: standIn.url,
            }),
            encryptionKeys: [ENCRYPTION_KEY],
            scopesSupported: ['repos:read'],
            clients: [{ clientId: PUBLIC_CLIENT, clientName: 'Test Client', redirectUris: [CLIENT_REDIRECT] }],
            store,
          }),
      });
      instances.push({ serving, store });
    }
  }

  async function stopInstances(): Promise<void> {
    for (const { serving, store } of instances) {
      await serving.close();
      await store.close();
    }
  }

  beforeAll(async () => {
    if (TEST_REDIS_URL !== undefined) redisUrl = TEST_REDIS_URL;
    else {
      redis = await RedisServer.start();
      redisUrl = redis.url;
    }
    standIn = await startGitHubStandIn({ id: 'gh-client', secret: 'gh-secret' });
    proxy = await startPathProxy(() => instances.map((i) => i.serving.url), route);
    await startInstances();
  }, 60_000);

  afterAll(async () => {
    await stopInstances();
    await proxy?.close();
    await standIn?.close();
    await redis?.stop({ keepData: 'none' });
  });

  const callRepos = async (token: string) => {
    const response = await fetch(`${proxy.url}/mcp`, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-06-18',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'my_repos', arguments: {} },
      }),
    });
    const raw = await response.text();
    const json = raw.startsWith('{') ? raw : (/^data: (.*)$/m.exec(raw)?.[1] ?? '{}');
    return {
      status: response.status,
      text: (JSON.parse(json) as { result?: { content?: { text: string }[] } }).result?.content?.[0]?.text,
    };
  };

  const token = async (form: Record<string, string>) => {
    const response = await fetch(`${proxy.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: PUBLIC_CLIENT, ...form }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };

  /** Signs alice in through the proxy (authorize on one instance, exchange on another) and returns her tokens. */
  const login = async () => {
    const { verifier, challenge } = pkce();
    const url = new URL('/oauth/authorize', proxy.url);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: PUBLIC_CLIENT,
      redirect_uri: CLIENT_REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 's',
      scope: 'repos:read',
    }))
      url.searchParams.set(k, v);
    const back = await signIn(new FetchBrowser(), url.href);
    const tokens = await token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') as string,
      code_verifier: verifier,
      redirect_uri: CLIENT_REDIRECT,
    });
    expect(tokens.status).toBe(200);
    return tokens.body;
  };

  it('authorize on one, exchange on another, call on a third; a restart of all keeps every grant', async () => {
    const tokens = { body: await login() };
    const first = await callRepos(tokens.body.access_token as string);
    expect(first.text).toBe('github:1001: alice/wonderland, alice/looking-glass');
    const servedBy = (path: string) => new Set(proxy.served.filter((s) => s.path === path).map((s) => s.instance));
    expect([...servedBy('/oauth/authorize'), ...servedBy('/oauth/token'), ...servedBy('/mcp')]).toEqual([0, 1, 2]);

    await stopInstances();
    await startInstances();
    // The access token still verifies (the signing key is in Redis), the vault still holds the upstream token.
    expect((await callRepos(tokens.body.access_token as string)).text).toBe(first.text);
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string });
    expect(refreshed.status).toBe(200);
    expect((await callRepos(refreshed.body.access_token as string)).text).toBe(first.text);
    // Reuse detection works across instances too.
    const reuse = await token({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token as string });
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await callRepos(refreshed.body.access_token as string)).status).toBe(401);
  }, 60_000);

  it('with legacy sessions on Redis: a session initialized on one instance is served by the others, across a restart', async () => {
    sessions = true;
    mcpRequests = 0;
    await stopInstances();
    await startInstances();
    const { access_token: accessToken } = await login();
    const client = new Client({ name: 'sessions-across-instances', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${proxy.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${accessToken}` } },
    });
    await client.connect(transport);
    const sessionId = transport.sessionId;
    expect(sessionId).toMatch(/^[\x21-\x7e]+$/);
    const call = async () =>
      ((await client.callTool({ name: 'my_repos', arguments: {} })).content as { text: string }[])[0]?.text;
    const answers = [await call(), await call(), await call()];
    expect(answers).toEqual(Array(3).fill('github:1001: alice/wonderland, alice/looking-glass'));
    const mcpServed = new Set(proxy.served.filter((s) => s.path === '/mcp').map((s) => s.instance));
    expect([...mcpServed].sort()).toEqual([0, 1, 2]);

    await stopInstances();
    await startInstances();
    expect(await call()).toBe('github:1001: alice/wonderland, alice/looking-glass');
    expect(transport.sessionId).toBe(sessionId);
    await client.close();
  }, 60_000);
});
