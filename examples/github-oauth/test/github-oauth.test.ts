// examples/github-oauth against a local GitHub stand-in: the official SDK v1 client registers (DCR), signs in
// through headless Chromium (the stand-in's login, then Decorum's consent page) and lists the user's
// repositories, which the tool read from the stand-in's API with that user's GitHub token.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandIn, startGitHubStandIn } from '../../../packages/oauth/test/support/github-stand-in.js';
import { BrowserOAuthProvider } from '../../../test/oauth/support/sdk-provider.js';
import { type GitHubExample, serveGitHubExample } from '../src/server.js';

const CHROMIUM = '/usr/bin/chromium';
const runs = existsSync(CHROMIUM) || process.env.CI !== undefined;

describe('examples/github-oauth', () => {
  let standIn: StandIn;
  let server: GitHubExample;

  beforeAll(async () => {
    standIn = await startGitHubStandIn({ id: 'example-client', secret: 'example-secret' });
    server = await serveGitHubExample({
      PORT: '0',
      GITHUB_CLIENT_ID: 'example-client',
      GITHUB_CLIENT_SECRET: 'example-secret',
      OAUTH_ENCRYPTION_KEY: randomBytes(32).toString('base64url'),
      GITHUB_BASE_URL: standIn.url,
      GITHUB_API_URL: standIn.url,
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  it('refuses to start without its configuration, naming what is missing', async () => {
    await expect(serveGitHubExample({ PORT: '0' })).rejects.toThrow('set GITHUB_CLIENT_ID');
  });

  it('advertises Decorum as the authorization server of the MCP endpoint', async () => {
    const prm = (await (
      await fetch(new URL('/.well-known/oauth-protected-resource/mcp', server.url))
    ).json()) as Record<string, unknown>;
    expect(prm.authorization_servers).toEqual([server.url.origin]);
  });

  describe.runIf(runs)('with the SDK client in headless Chromium', () => {
    let browser: BrowserContext;
    let profile: string;
    beforeAll(async () => {
      profile = await mkdtemp(join(tmpdir(), 'decorum-github-example-'));
      browser = await chromium.launchPersistentContext(profile, {
        executablePath: CHROMIUM,
        headless: true,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      });
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
      if (profile) await rm(profile, { recursive: true, force: true });
    });

    it('signs in with the GitHub stand-in and lists that user’s repositories', async () => {
      const provider = await new BrowserOAuthProvider(browser, 'alice').start();
      try {
        const first = new Client({ name: 'example-test', version: '1.0.0' });
        await expect(
          first.connect(new StreamableHTTPClientTransport(server.url, { authProvider: provider })),
        ).rejects.toThrow(UnauthorizedError);
        const transport = new StreamableHTTPClientTransport(server.url, { authProvider: provider });
        await transport.finishAuth(await (provider.code as Promise<string>));
        const client = new Client({ name: 'example-test', version: '1.0.0' });
        await client.connect(transport);
        const result = await client.callTool({ name: 'list_repos', arguments: {} });
        expect((result.content as { text: string }[])[0]?.text).toBe('alice/wonderland\nalice/looking-glass');
        expect(standIn.bearers.every((b) => standIn.issued.includes(b))).toBe(true);
        await client.close();
      } finally {
        await provider.stop();
      }
    }, 60_000);
  });
});
