// docs/examples/skills.ts as docs/skills.md shows it: served over stdio (docs/examples/serve.ts), listed and
// read with the official SDK client's raw requests, every file's digest checked, and the skill's text naming
// only tools the server has — the skill teaches the tools it ships with.
import { createHash } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

type Json = Record<string, any>;
const anyResult = z.looseObject({});

describe('docs/examples/skills.ts', () => {
  let client: Client;
  const request = (method: string, params: Json = {}) =>
    client.request({ method, params } as never, anyResult) as Promise<Json>;

  beforeAll(async () => {
    const { command, args } = tsCommand('docs/examples/serve.ts');
    client = new Client({ name: 'docs-skills', version: '1' });
    await client.connect(new StdioClientTransport({ command, args: [...args, 'skills'], cwd: REPO_ROOT }));
  });
  afterAll(() => client.close());

  it('lists the folder skill with a manifest and the code skill as dynamic', async () => {
    expect(client.getServerCapabilities()?.extensions).toEqual({
      'io.modelcontextprotocol/skills': { directoryRead: true },
    });
    const { skills } = await request('skills/list');
    expect(skills.map((s: Json) => [s.uri, Array.isArray(s.resources) ? s.resources.length : s.resources])).toEqual([
      ['skill://unit-conversion/SKILL.md', 2],
      ['skill://house-rules/SKILL.md', 'dynamic'],
    ]);
    for (const file of skills[0].resources) {
      const [content] = (await request('resources/read', { uri: file.uri })).contents;
      const bytes = Buffer.from(content.text, 'utf8');
      expect(bytes.length).toBe(file.size);
      expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(file.digest);
    }
  });

  it('teaches only tools the server has', async () => {
    const [doc] = (await request('resources/read', { uri: 'skill://unit-conversion/SKILL.md' })).contents;
    const named = [...doc.text.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]).filter((n) => n !== 'celsius' && n !== 'to');
    const tools = (await client.listTools()).tools.map((t) => t.name);
    expect(new Set(named)).toEqual(new Set(['units', 'convert_temperature']));
    for (const name of named) expect(tools).toContain(name);
    const house = await request('resources/read', { uri: 'skill://house-rules/SKILL.md' });
    expect(house.contents[0].text).toContain('Report temperatures to guests with one decimal.');
  });
});
