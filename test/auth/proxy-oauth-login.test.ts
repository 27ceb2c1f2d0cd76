// `decorum proxy <url>` in front of an OAuth-protected Decorum server, end to end: oidc-provider as the
// authorization server (dynamic registration, PKCE, resource indicators, JWT access tokens), the official SDK client
// as the local stdio host, and headless Chromium as the user who logs in at the URL the proxy prints. A second
// proxy run lists the tools with the kept tokens, without a login.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Arg, type Context, Ctx, McpApp, Tool } from '../../packages/core/src/index.js';
import { ResourceServer } from '../../packages/protocol/src/index.js';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const runs =
  (await stat(CHROMIUM).then(
    () => true,
    () => false,
  )) || process.env.CI !== undefined;
if (!runs)
  console.warn(`[proxy-oauth-login] skipped: ${CHROMIUM} is missing (apt-get install -y chromium); CI runs it.`);

class Notes {
  @Tool({ description: 'Who is asking' })
  whoami(@Ctx() ctx: Context) {
    return `${ctx.auth?.subject} with ${ctx.auth?.scopes?.join(' ')}`;
  }

  @Tool({ description: 'Echoes a note' })
  note(@Arg('text') text: string) {
    return text;
  }
}

/** oidc-provider on a loopback port: registration open, PKCE required, JWT access tokens for any resource. */
async function startProvider(): Promise<{ issuer: string; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] },
    scopes: ['openid', 'offline_access', 'notes:read'],
    features: {
      devInteractions: { enabled: true },
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx: unknown, _client: unknown, oneOf?: readonly string[]) => oneOf?.[0],
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, resource: string) => ({
          audience: resource,
          scope: 'notes:read',
          accessTokenFormat: 'jwt',
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, id: string) => ({ accountId: id, claims: () => ({ sub: id }) }),
  });
  server.on('request', provider.callback());
  return { issuer, server };
}

describe.runIf(runs)('decorum proxy to an OAuth-protected server, logged in through headless Chromium', () => {
  let provider: { issuer: string; server: Server };
  let app: McpApp;
  let url: URL;
  let authDir: string;
  let profile: string;
  let context: BrowserContext;

  beforeAll(async () => {
    provider = await startProvider();
    app = new McpApp({ name: 'oauth-notes', version: '1.0.0', providers: [Notes] });
    const served = await app.listen({
      http: {
        // The resource is the endpoint's own URL, known once the port is bound.
        auth: (endpoint) =>
          new ResourceServer({
            resource: endpoint.href,
            authorizationServers: [provider.issuer],
            scopesSupported: ['notes:read'],
            jwt: { jwksUrl: `${provider.issuer}/jwks`, issuer: provider.issuer },
          }),
      },
    });
    url = served.url as URL;
    authDir = await mkdtemp(join(tmpdir(), 'decorum-auth-'));
    profile = await mkdtemp(join(tmpdir(), 'decorum-chromium-'));
    context = await launchChromium(profile);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    provider?.server.closeAllConnections();
    await new Promise((resolve) => provider?.server.close(resolve));
    await rm(profile, { recursive: true, force: true });
    await rm(authDir, { recursive: true, force: true });
  });

  /** The proxy as a stdio server of the SDK client; `onStderr` sees what it tells the user. */
  function proxyTransport(onStderr: (text: string) => void): StdioClientTransport {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        join(REPO_ROOT, 'packages/cli/src/bin.ts'),
        'proxy',
        url.href,
      ],
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: authDir, DECORUM_AUTH_DIR: authDir, BROWSER: 'none' },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => onStderr(chunk.toString('utf8')));
    return transport;
  }

  it('logs in at the printed URL, lists the tools, and keeps the tokens for the next run', async () => {
    let said = '';
    let login: Promise<void> | undefined;
    const transport = proxyTransport((text) => {
      said += text;
      const found = /To log in, open: (\S+)/.exec(said);
      if (found && login === undefined) login = logIn(found[1] as string);
    });
    const client = new Client({ name: 'stdio-host', version: '1.0.0' });
    await client.connect(transport);
    await login;
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(['note', 'whoami']);
    const who = await client.callTool({ name: 'whoami', arguments: {} });
    expect(who.content).toEqual([{ type: 'text', text: 'ada with notes:read' }]);
    await client.close();

    // The tokens are kept in a file of their own, readable by the user alone.
    const files = await readdir(authDir);
    const kept = files.filter((f) => f.endsWith('.json'));
    expect(kept).toHaveLength(1);
    expect((await stat(join(authDir, kept[0] as string))).mode & 0o777).toBe(0o600);

    // A second proxy: no login asked for, the same tools.
    let again = '';
    const second = new Client({ name: 'stdio-host', version: '1.0.0' });
    await second.connect(
      proxyTransport((text) => {
        again += text;
      }),
    );
    expect((await second.listTools()).tools).toHaveLength(2);
    await second.close();
    expect(again).not.toContain('To log in');

    // `decorum list --url` uses the same kept tokens (run asynchronously: the server lives in this process).
    const listed = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
      const cli = [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        join(REPO_ROOT, 'packages/cli/src/bin.ts'),
      ];
      const env = { PATH: process.env.PATH ?? '', HOME: authDir, DECORUM_AUTH_DIR: authDir, BROWSER: 'none' };
      execFile(
        process.execPath,
        [...cli, 'list', '--url', url.href],
        { cwd: REPO_ROOT, env },
        (error, stdout, stderr) =>
          error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve({ stdout, stderr }),
      );
    });
    expect(listed.stderr).toBe('');
    expect(listed.stdout).toContain('whoami');
  }, 120_000);

  /** The user: signs in on oidc-provider's pages, consents, and lands on the proxy's loopback page. */
  async function logIn(authorizationUrl: string): Promise<void> {
    const page = await context.newPage();
    await page.goto(authorizationUrl);
    await page.fill('input[name="login"]', 'ada');
    await page.fill('input[name="password"]', 'any');
    await page.click('button[type="submit"]');
    await page.waitForSelector('button[type="submit"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(/^http:\/\/127\.0\.0\.1:\d+\/callback/);
    expect(await page.textContent('body')).toContain('Logged in');
    await page.close();
  }
});
