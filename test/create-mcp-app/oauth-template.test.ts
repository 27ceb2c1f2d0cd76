// `create-mcp-app --template http --auth oauth` (issue 38): the rendered project's own tests pass and its sources
// type-check, with the repository's packages standing in for the installed ones; then a whole sign-in against
// the project's server: a local GitHub stand-in as the provider, a client registered by DCR, the login and
// Decorum's consent page walked by a form-following browser, the code exchanged with PKCE, and the `whoami`
// tool answering with what the provider says about that user — through the official SDK v1 client.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';
import { runProjectTests, typeErrors, writeProject } from './in-repo-project.js';

// Inside the repository, so `@decorum/*` and vitest resolve through its node_modules.
const dir = join(REPO_ROOT, '.cache/oauth-template');

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A test written into the project: the whole sign-in, with the repository's GitHub stand-in and browser. */
const SIGN_IN_FLOW = `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect, it } from 'vitest';
import { FetchBrowser } from '${REPO_ROOT}/packages/oauth/test/support/browser.js';
import { startGitHubStandIn } from '${REPO_ROOT}/packages/oauth/test/support/github-stand-in.js';
import { pkce, signIn } from '${REPO_ROOT}/packages/oauth/test/support/harness.js';
import { createApp } from '../src/app.js';
import { httpOptions } from '../src/http-options.js';
import { SIGN_IN_ENV } from './sign-in-env.js';

it('signs alice in at the provider and acts for her', async () => {
  const standIn = await startGitHubStandIn({ id: 'gh-client', secret: 'gh-secret' });
  const env = { ...SIGN_IN_ENV, OAUTH_CLIENT_ID: 'gh-client', OAUTH_CLIENT_SECRET: 'gh-secret',
    GITHUB_BASE_URL: standIn.url, GITHUB_API_URL: standIn.url };
  Object.assign(process.env, env); // the tool reads GITHUB_API_URL, as the server process would
  const app = createApp();
  const { url } = await app.listen({ http: { ...httpOptions({ ...env, PORT: '0' }), handleSignals: false } });
  try {
    const redirectUri = 'http://127.0.0.1:7777/callback';
    const registered = await (await fetch(new URL('/oauth/register', url), {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'flow', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' }),
    })).json();
    const { verifier, challenge } = pkce();
    const authorize = new URL('/oauth/authorize', url);
    for (const [k, v] of Object.entries({ response_type: 'code', client_id: registered.client_id,
      redirect_uri: redirectUri, code_challenge: challenge, code_challenge_method: 'S256', state: 's1', resource: url.href }))
      authorize.searchParams.set(k, v);
    const back = await signIn(new FetchBrowser(), authorize.href, redirectUri);
    expect(back.searchParams.get('state')).toBe('s1');
    const tokens = await (await fetch(new URL('/oauth/token', url), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: registered.client_id,
        code: back.searchParams.get('code') ?? '', code_verifier: verifier, redirect_uri: redirectUri }),
    })).json();
    const client = new Client({ name: 'flow', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: 'Bearer ' + tokens.access_token } } }));
    const result = await client.callTool({ name: 'whoami', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'You are Alice Liddell' }]);
    await client.close();
  } finally {
    await app.close();
    await standIn.close();
  }
});
`;

describe('create-mcp-app --template http --auth oauth', () => {
  it('makes a project whose tests pass, whose sources type-check, and whose sign-in works', () => {
    const files = writeProject(dir, {
      name: 'oauth-demo',
      template: 'http',
      transport: 'http',
      auth: 'oauth',
      packageManager: 'npm',
    });
    const manifest = JSON.parse(files.find((f) => f.path === 'package.json')?.content ?? '{}');
    expect(manifest.dependencies['@decorum/oauth']).toBe('^0.1.0');
    writeFileSync(join(dir, 'test/sign-in-flow.test.ts'), SIGN_IN_FLOW);
    const vitest = runProjectTests(dir);
    expect(vitest.status, `${vitest.stdout}${vitest.stderr}`).toBe(0);
    expect(vitest.stdout).toMatch(/Tests\s+.*12 passed/);
    rmSync(join(dir, 'test/sign-in-flow.test.ts'));
    expect(typeErrors(dir)).toEqual([]);
  }, 240_000);
});
