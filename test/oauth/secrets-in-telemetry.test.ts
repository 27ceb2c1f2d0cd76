// The upstream token and the MCP client's token in no span and no request-log record: a decorated app with
// OpenTelemetry (the real SDK, in memory) and the request log on, signed in through the GitHub stand-in, calling a
// tool that uses the upstream token, one that fails after reading it, and a refused request; the engine's log too.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Context, Ctx, McpApp, Tool } from '../../packages/core/src/index.js';
import { OAuthServer } from '../../packages/oauth/src/oauth-server.js';
import { github } from '../../packages/oauth/src/upstream/presets.js';
import { upstreamToken } from '../../packages/oauth/src/upstream-access.js';
import { type StandIn, startGitHubStandIn } from '../../packages/oauth/test/support/github-stand-in.js';
import {
  authorizationCode,
  CLIENT_REDIRECT,
  exchange,
  type Harness,
  PUBLIC_CLIENT,
} from '../../packages/oauth/test/support/harness.js';
import { otelHarness } from '../../packages/protocol/test/telemetry/otel-harness.js';

describe('secrets in telemetry', () => {
  const otel = otelHarness();
  const records: unknown[] = [];
  let standIn: StandIn;
  let app: McpApp;
  let h: Harness;

  beforeAll(async () => {
    standIn = await startGitHubStandIn({ id: 'gh-client', secret: 'gh-secret' });
    const api = standIn.url;
    class Repos {
      @Tool({ description: 'My repositories' })
      async my_repos(@Ctx() ctx: Context) {
        const token = await upstreamToken(ctx.auth);
        const res = await fetch(`${api}/user/repos`, { headers: { authorization: `Bearer ${token}` } });
        return ((await res.json()) as { full_name: string }[]).map((r) => r.full_name).join(', ');
      }

      @Tool({ description: 'Fails upstream' })
      async broken(@Ctx() ctx: Context) {
        await upstreamToken(ctx.auth);
        throw new Error('upstream refused the call');
      }
    }
    app = new McpApp({
      name: 'telemetry-secrets',
      version: '1.0.0',
      providers: [Repos],
      telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
      // Failures are logged (with their stack and cause): the log is searched too.
      logger: {
        warn: (message: string, detail?: unknown) =>
          void records.push(message, String(detail), (detail as Error)?.stack),
        error: (message: string, detail?: unknown) =>
          void records.push(message, String(detail), (detail as Error)?.stack),
      },
      requestLog: { sink: { info: (message: string, record: unknown) => void records.push(message, record) } },
    });
    let oauth: OAuthServer | undefined;
    const { url } = await app.listen({
      http: {
        port: 0,
        auth: (endpoint) => {
          oauth = new OAuthServer({
            issuer: endpoint.origin,
            resource: endpoint,
            upstream: github({ clientId: 'gh-client', clientSecret: 'gh-secret', baseUrl: api, apiUrl: api }),
            encryptionKeys: [randomBytes(32).toString('base64url')],
            scopesSupported: ['repos:read'],
            clients: [{ clientId: PUBLIC_CLIENT, redirectUris: [CLIENT_REDIRECT] }],
          });
          return oauth;
        },
      },
    });
    const mcpUrl = url as URL;
    h = {
      mcpUrl,
      issuer: mcpUrl.origin,
      oauth: oauth as OAuthServer,
      standIn,
      serving: undefined as never,
      close: async () => {},
    };
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
    await otel.close();
  });

  const call = async (token: string, name: string) => {
    const response = await fetch(h.mcpUrl, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': name,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name,
          arguments: {},
          _meta: {
            'io.modelcontextprotocol/protocolVersion': '2026-07-28',
            'io.modelcontextprotocol/clientCapabilities': {},
            'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
          },
        },
      }),
    });
    return { status: response.status, body: await response.text() };
  };

  it('no span attribute, event or name and no request-log record carries a token', async () => {
    const { code, verifier } = await authorizationCode(h);
    const tokens = await exchange(h, code, verifier);
    const mcpToken = tokens.body.access_token as string;
    const ok = await call(mcpToken, 'my_repos');
    expect(ok.body).toContain('alice/wonderland');
    const failed = await call(mcpToken, 'broken');
    expect(failed.body).toContain('isError');
    expect((await call('not-a-valid-token', 'my_repos')).status).toBe(401);

    const spans = otel.spans();
    expect(spans.some((s) => s.name.includes('my_repos'))).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    const seen = JSON.stringify([
      spans.map((s) => ({ name: s.name, attributes: s.attributes, events: s.events, status: s.status })),
      records,
      ok.body,
      failed.body,
    ]);
    for (const secret of [...standIn.issued, mcpToken, tokens.body.refresh_token as string]) {
      expect(seen).not.toContain(secret);
    }
  });
});
