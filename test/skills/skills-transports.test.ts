// Skills (SEP-2640) over real transports, in both eras: the official SDK clients' raw request API
// (no skills support of their own) and Decorum's client each list → get → read every file with its
// digest verified; legacy results carry no cache fields, 2026-07-28 ones carry resultType, ttlMs and
// cacheScope; path traversals are refused.
import { Client as ClientV2, StreamableHTTPClientTransport as HttpV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { McpApp } from '../../packages/core/src/index.js';
import { connectHttp, type McpClient } from '../../packages/protocol/src/client.js';
import { connectStdio } from '../../packages/protocol/src/client-stdio.js';
import { newWire, tap } from '../modern/modern-support.js';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { createSkillsApp } from './fixtures/skills-app.js';
import { expectFilesVerified, expectSkillEntry, type Json, SKILLS_ID, TRAVERSALS } from './skills-shapes.js';

const STDIO = 'test/skills/fixtures/skills-stdio.ts';
const anyResult = z.looseObject({});
const LISTED = ['skill://acme/refunds/SKILL.md', 'skill://pdf-tools/SKILL.md', 'skill://release-notes/SKILL.md'];

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = createSkillsApp();
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app.close());

/** What every suite runs, given a raw request function of its client and the era it speaks. */
function skillsSuite(
  open: () => Promise<{
    request: (method: string, params: Json) => Promise<Json>;
    caps: () => Json;
    close: () => Promise<void>;
  }>,
  modern: boolean,
) {
  it('declares the extension beside resources, lists, gets and reads every file with its digest', async () => {
    const client = await open();
    try {
      const caps = client.caps();
      expect(caps.extensions?.[SKILLS_ID]).toEqual({ directoryRead: true });
      expect(caps.resources).toBeDefined();
      const list = await client.request('skills/list', {});
      if (modern) expect(list).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
      if (modern) expect(Number.isInteger(list.ttlMs)).toBe(true);
      else expect(list.ttlMs ?? list.cacheScope ?? list.resultType).toBeUndefined();
      // The protected skill is invisible to an anonymous caller; the unlisted one is not listed.
      expect(list.skills.map((s: Json) => s.uri).sort()).toEqual(LISTED.filter((u) => !u.includes('refunds')));
      let files = 0;
      for (const entry of list.skills) {
        expectSkillEntry(entry);
        const got = await client.request('skills/get', { uri: entry.uri });
        expect(got.skill).toEqual(entry);
        expect(got.nextCursor).toBeUndefined();
        if (modern) expect(got).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
        files += await expectFilesVerified(entry, (uri) => client.request('resources/read', { uri }));
      }
      expect(files).toBe(5); // pdf-tools: 3 (one binary), release-notes: 2
      const logo = await client.request('resources/read', { uri: 'skill://pdf-tools/assets/logo.png' });
      expect(logo.contents[0]).toMatchObject({ mimeType: 'image/png', blob: expect.any(String) });
      const doc = await client.request('resources/read', { uri: 'skill://pdf-tools/SKILL.md' });
      expect(doc.contents[0]).toMatchObject({
        mimeType: 'text/markdown',
        text: expect.stringMatching(/^---\nname: pdf-tools/),
      });
    } finally {
      await client.close();
    }
  });

  it('gets an unlisted dynamic skill, reads directories, and refuses traversals and unknown skills', async () => {
    const client = await open();
    try {
      const tenant = await client.request('skills/get', { uri: 'skill://tenant-guide/SKILL.md' });
      expectSkillEntry(tenant.skill);
      expect(tenant.skill.resources).toBe('dynamic');
      const body = await client.request('resources/read', { uri: 'skill://tenant-guide/SKILL.md' });
      expect(body.contents[0].text).toContain('You work for tenant anonymous.');
      const root = await client.request('resources/directory/read', { uri: 'skill://pdf-tools' });
      expect(root.resources.map((r: Json) => [r.name, r.mimeType])).toEqual([
        ['SKILL.md', 'text/markdown'],
        ['assets', 'inode/directory'],
        ['references', 'inode/directory'],
      ]);
      if (modern) expect(root.resultType).toBe('complete');
      for (const [method, uri] of [
        ['skills/get', 'skill://nope/SKILL.md'],
        ['skills/get', 'skill://pdf-tools/references/FORMS.md'],
        ['resources/directory/read', 'skill://pdf-tools/SKILL.md'],
        ...TRAVERSALS.map((t) => ['resources/read', t]),
        ...TRAVERSALS.map((t) => ['resources/directory/read', t]),
      ]) {
        await expect(client.request(method as string, { uri }), `${method} ${uri}`).rejects.toMatchObject({
          code: -32602,
        });
      }
    } finally {
      await client.close();
    }
  });
}

const viaSdk = (transport: () => any) => async () => {
  const client = new Client({ name: 'sdk-v1', version: '1' });
  await client.connect(transport());
  return {
    request: (method: string, params: Json) => client.request({ method, params } as never, anyResult) as Promise<Json>,
    caps: () => client.getServerCapabilities() as Json,
    close: () => client.close(),
  };
};

const viaDecorum = (connect: () => Promise<McpClient>) => async () => {
  const client = await connect();
  return {
    request: (method: string, params: Json) => client.request(method, params),
    caps: () => client.serverCapabilities as Json,
    close: () => client.close(),
  };
};

describe('legacy era (2025-11-25), official SDK v1 raw requests, stdio', () => {
  const { command, args } = tsCommand(STDIO);
  skillsSuite(
    viaSdk(() => new StdioClientTransport({ command, args, cwd: REPO_ROOT })),
    false,
  );
});

describe('legacy era (2025-11-25), official SDK v1 raw requests, HTTP', () => {
  skillsSuite(
    viaSdk(() => new StreamableHTTPClientTransport(url)),
    false,
  );
});

describe('modern era (2026-07-28), official v2 client raw requests, HTTP', () => {
  skillsSuite(async () => {
    const client = new ClientV2(
      { name: 'sdk-v2', version: '1' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const wire = newWire();
    await client.connect(tap(new HttpV2(url), wire));
    return {
      // The client consumes resultType (it drives input_required rounds): the shapes are checked on the wire.
      request: async (method: string, params: Json) => {
        await client.request({ method, params } as never, anyResult);
        return wire.received.filter((m) => m.id !== undefined && 'result' in m).at(-1)?.result as Json;
      },
      caps: () => client.getServerCapabilities() as Json,
      close: () => client.close(),
    };
  }, true);
});

describe('modern era (2026-07-28), Decorum client, stdio', () => {
  const { command, args } = tsCommand(STDIO);
  skillsSuite(
    viaDecorum(() => connectStdio({ command, args, cwd: REPO_ROOT }, { protocolVersion: '2026-07-28' })),
    true,
  );
});

describe('legacy era, Decorum client, HTTP', () => {
  skillsSuite(
    viaDecorum(() => connectHttp(url, { protocolVersion: '2025-11-25' })),
    false,
  );
});

describe('Decorum SkillsClient in both eras', () => {
  it.each(['2025-11-25', '2026-07-28'] as const)(
    'loads every listed skill and reads each file verified (%s)',
    async (protocolVersion) => {
      const client = await connectHttp(url, { protocolVersion });
      try {
        const skills = await client.skills.list();
        expect(skills.map((s) => s.uri).sort()).toEqual(LISTED.filter((u) => !u.includes('refunds')));
        for (const skill of skills) {
          const loaded = await client.skills.load(skill);
          expect(loaded.frontmatter).toEqual(skill.frontmatter);
          for (const file of loaded.files ?? []) expect((await loaded.readFile(file.uri)).bytes.length).toBe(file.size);
        }
        const tenant = await client.skills.load('skill://tenant-guide/SKILL.md');
        expect(tenant.body).toContain('tenant anonymous');
      } finally {
        await client.close();
      }
    },
  );
});
