// `npm run smoke`: drives the secure notes server with the official MCP client, over stdio (a child
// process: only the public tool) and over Streamable HTTP with demo bearer tokens (in this process),
// and fails on any wrong answer.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { serveSecure } from './server.js';

/** Signs an access token for the server under test, for `subject` with `scope` (space-separated). */
export type Mint = (scope: string, subject: string) => Promise<string>;

const textOf = (result: unknown): string => {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  assert.equal(blocks[0]?.type, 'text');
  return blocks[0]?.text ?? '';
};

const toolNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name).sort();

/** Over stdio there is no HTTP authentication: the public tool works, the `@Authorized` ones are hidden and refused. */
export async function checkStdio(client: Client): Promise<void> {
  assert.deepEqual(await toolNames(client), ['whoami']);
  assert.match(textOf(await client.callTool({ name: 'whoami' })), /^No signed-in caller/);
  for (const [name, args] of [
    ['list', {}],
    ['add', { text: 'x' }],
  ] as const) {
    await assert.rejects(client.callTool({ name, arguments: args }), (error: { code?: number; data?: unknown }) => {
      assert.equal(error.code, -32600, `${name} is refused as insufficient_scope`);
      assert.equal((error.data as { error?: string } | undefined)?.error, 'insufficient_scope');
      return true;
    });
  }
}

/** A `fetch` that remembers the last response, so checks can read the status and `WWW-Authenticate` the SDK saw. */
function recordingFetch(): { fetch: typeof fetch; last: () => Response | undefined } {
  let last: Response | undefined;
  return {
    fetch: async (input, init) => {
      last = await fetch(input, init);
      return last;
    },
    last: () => last,
  };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'secure-smoke', version: '1.0.0' } },
});

/** Over HTTP: 401 without a valid token, tools by scope, 403 with a step-up challenge for a missing scope. */
export async function checkHttp(url: URL, mint: Mint): Promise<void> {
  const post = (headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: INITIALIZE,
    });
  const metadataUrl = new URL(`/.well-known/oauth-protected-resource${url.pathname}`, url);

  // No token: 401, pointing at the metadata, which names the authorization server and the scopes.
  const anonymous = await post();
  assert.equal(anonymous.status, 401, 'no token → 401');
  assert.match(anonymous.headers.get('www-authenticate') ?? '', /^Bearer .*resource_metadata="([^"]+)"/);
  assert.ok(anonymous.headers.get('www-authenticate')?.includes(metadataUrl.href));
  const metadata = (await (await fetch(metadataUrl)).json()) as Record<string, unknown>;
  assert.equal(metadata.resource, url.href);
  assert.deepEqual(metadata.scopes_supported, ['notes:read', 'notes:write']);
  assert.equal((metadata.authorization_servers as string[]).length, 1);

  // A token that does not verify (its signature altered): 401 invalid_token.
  const good = await mint('notes:read', 'mallory');
  const forged = `${good.slice(0, -4)}${good.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
  const refused = await post({ authorization: `Bearer ${forged}` });
  assert.equal(refused.status, 401, 'bad signature → 401');
  assert.match(refused.headers.get('www-authenticate') ?? '', /error="invalid_token"/);

  const connect = async (scope: string, subject: string) => {
    const recorder = recordingFetch();
    const client = new Client({ name: 'secure-smoke', version: '1.0.0' });
    const headers = { Authorization: `Bearer ${await mint(scope, subject)}` };
    await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers }, fetch: recorder.fetch }));
    return { client, last: recorder.last };
  };
  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    textOf(await client.callTool({ name, arguments: args }));

  const writer = await connect('notes:read notes:write', 'alice');
  const reader = await connect('notes:read', 'alice');
  const other = await connect('notes:read notes:write', 'bob');
  const nobody = await connect('', 'carol');
  try {
    // All scopes: every tool, and a protected tool answers.
    assert.deepEqual(await toolNames(writer.client), ['add', 'list', 'whoami']);
    assert.match(
      await call(writer.client, 'whoami'),
      /^Signed in as alice \(client [^)]+\); scopes: notes:read notes:write$/,
    );
    assert.equal(await call(writer.client, 'list'), 'No notes yet.');
    assert.equal(await call(writer.client, 'add', { text: 'buy milk' }), 'Added note 1.');
    assert.equal(await call(writer.client, 'list'), '1: buy milk');

    // notes:read only: `add` is hidden, and calling it is a 403 naming every scope it needs.
    assert.deepEqual(await toolNames(reader.client), ['list', 'whoami']);
    assert.equal(await call(reader.client, 'list'), '1: buy milk');
    await assert.rejects(
      reader.client.callTool({ name: 'add', arguments: { text: 'x' } }),
      (error: { code?: number }) => {
        assert.equal(error.code, 403, 'missing scope → 403');
        return true;
      },
    );
    const challenge = reader.last();
    assert.equal(challenge?.status, 403);
    assert.match(challenge?.headers.get('www-authenticate') ?? '', /error="insufficient_scope"/);
    assert.match(challenge?.headers.get('www-authenticate') ?? '', /scope="notes:read notes:write"/);

    // Notes belong to their owner.
    assert.equal(await call(other.client, 'list'), 'No notes yet.');

    // No scopes at all: only the public tool.
    assert.deepEqual(await toolNames(nobody.client), ['whoami']);
    assert.match(await call(nobody.client, 'whoami'), /^Signed in as carol .*; scopes: \(none\)$/);
    await assert.rejects(nobody.client.callTool({ name: 'list' }), (error: { code?: number }) => error.code === 403);
  } finally {
    await Promise.all([writer, reader, other, nobody].map((c) => c.client.close()));
  }
}

/** The official client over stdio, spawning `src/server.ts --stdio`. */
export function stdioTransport(): StdioClientTransport {
  return new StdioClientTransport({
    command: process.execPath,
    args: [
      '--conditions=@decorum/source',
      '--import',
      '@decorum/cli/register',
      new URL('./server.ts', import.meta.url).pathname,
      '--stdio',
    ],
    cwd: new URL('..', import.meta.url).pathname,
    stderr: 'inherit',
  });
}

/** Mints tokens through the server's DEMO_TOKENS endpoint, the way a newcomer would with curl. */
export function demoTokenMint(demoTokenUrl: URL): Mint {
  return async (scope, subject) => {
    const response = await fetch(`${demoTokenUrl.href}?${new URLSearchParams({ scope, sub: subject })}`);
    assert.equal(response.status, 200, 'GET /demo-token answers');
    const body = (await response.json()) as { access_token: string; token_type: string; scope: string };
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.scope, scope);
    return body.access_token;
  };
}

async function timed(label: string, run: () => Promise<void>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

// Run when executed as a program (vitest imports the checks instead).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await timed('stdio', async () => {
    const client = new Client({ name: 'secure-smoke', version: '1.0.0' });
    await client.connect(stdioTransport());
    try {
      await checkStdio(client);
    } finally {
      await client.close();
    }
  });
  // Demo mode whatever the caller's environment says: keys generated here, tokens from /demo-token.
  const server = await serveSecure({ PORT: '0', DEMO_TOKENS: '1' });
  try {
    await timed(`http ${server.url}`, () => checkHttp(server.url, demoTokenMint(server.demoTokenUrl as URL)));
  } finally {
    await server.close();
  }
}
