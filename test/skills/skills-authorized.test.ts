// A protected skill (skills.authorized, as @Authorized) over a real HTTP port with raw JSON-RPC
// (2026-07-28, stateless): invisible to a caller without its scope — not listed, not got, not in
// resources/list or a directory read — and its files refused; served whole to one that has it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';
import { createSkillsApp } from './fixtures/skills-app.js';
import { expectFilesVerified, expectSkillEntry, type Json } from './skills-shapes.js';

const VERSION = '2026-07-28';
const REFUNDS = 'skill://acme/refunds/SKILL.md';
let app: McpApp;
let serving: HttpServing;

beforeAll(async () => {
  app = createSkillsApp();
  serving = await serveHttp(app.server, {
    port: 0,
    authenticate: (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
      if (token === 'plain') return { token, subject: 'plain', scopes: [] };
      if (token === 'billing') return { token, subject: 'acme', scopes: ['billing:read'] };
      return undefined;
    },
  });
});
afterAll(async () => {
  await serving.close();
  await app.close();
});

let nextId = 1;
async function post(token: string, method: string, params: Json = {}): Promise<{ status: number; body: Json }> {
  const response = await fetch(serving.url, {
    method: 'POST',
    headers: {
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': VERSION,
      'mcp-method': method,
      ...(typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: nextId++,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': VERSION,
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
        },
      },
    }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('a protected skill', () => {
  it('is invisible to a principal without its scope', async () => {
    const list = await post('plain', 'skills/list');
    expect(list.body.result.skills.map((s: Json) => s.uri)).not.toContain(REFUNDS);
    expect((await post('plain', 'skills/get', { uri: REFUNDS })).body.error.code).toBe(-32602);
    expect((await post('plain', 'resources/directory/read', { uri: 'skill://acme/refunds' })).body.error.code).toBe(
      -32602,
    );
    const resources = await post('plain', 'resources/list');
    expect(resources.body.result.resources.map((r: Json) => r.uri)).not.toContain(REFUNDS);
    // Reading its file asks for the scope, as any protected resource does (403 with the scope to step up to).
    const read = await post('plain', 'resources/read', { uri: REFUNDS });
    expect(read.status).toBe(403);
  });

  it('is listed, got and read whole by a principal with the scope (private cache scope)', async () => {
    const list = await post('billing', 'skills/list');
    expect(list.body.result).toMatchObject({ resultType: 'complete', cacheScope: 'private' });
    const entry = list.body.result.skills.find((s: Json) => s.uri === REFUNDS);
    expectSkillEntry(entry);
    const got = await post('billing', 'skills/get', { uri: REFUNDS });
    expect(got.body.result.skill).toEqual(entry);
    await expectFilesVerified(entry, async (uri) => (await post('billing', 'resources/read', { uri })).body.result);
    const tenant = await post('billing', 'resources/read', { uri: 'skill://tenant-guide/SKILL.md' });
    expect(tenant.body.result.contents[0].text).toContain('You work for tenant acme.');
  });
});
