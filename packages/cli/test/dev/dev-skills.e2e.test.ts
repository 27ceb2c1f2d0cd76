// `decorum dev` serves edits to skill files without a restart: the SDK client that spawned it stays on
// its connection, and skills/list answers with the new digest (and resources/read with the new text)
// once the dev server has read the skills again.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

const anyResult = z.looseObject({});
const SKILL = 'skill://guide/SKILL.md';
const skillMd = (body: string) => `---\nname: guide\ndescription: How to greet well.\n---\n\n${body}\n`;
const digest = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

describe('decorum dev: skill files', () => {
  const project = workProject();
  const write = (file: string, text: string) => {
    mkdirSync(dirname(`${project.dir}/${file}`), { recursive: true });
    writeFileSync(`${project.dir}/${file}`, text);
  };
  let client: Client;
  let transport: StdioClientTransport;
  let stderr: LineWaiter;

  const entryOf = async () => {
    const list = (await client.request({ method: 'skills/list', params: {} } as never, anyResult)) as {
      skills: { uri: string; resources: { uri: string; digest: string; size: number }[] }[];
    };
    return list.skills.find((s) => s.uri === SKILL)?.resources.find((r) => r.uri === SKILL);
  };

  beforeAll(async () => {
    write('skills/guide/SKILL.md', skillMd('Call greet with a name.'));
    write(
      'src/app.ts',
      "import { McpApp } from '@decorum/core';\nimport { AboutProvider } from './about.provider.js';\nimport { GreetTool } from './greet.tool.js';\n\nexport const app = new McpApp({ name: 'dev-fixture', version: '1.2.3', providers: [GreetTool, AboutProvider], skills: { folders: [new URL('../skills', import.meta.url)] } });\n",
    );
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'dev', '--stdio', '--no-typecheck'],
      cwd: project.dir,
      stderr: 'pipe',
    });
    stderr = new LineWaiter(transport.stderr as import('node:stream').Readable);
    client = new Client({ name: 'stdio-client', version: '1.0.0' });
    await client.connect(transport);
    await stderr.next(/serving over stdio/, 0);
  }, 60_000);

  afterAll(async () => {
    await client?.close().catch(() => {});
    project.remove();
  });

  it('serves an edited SKILL.md with its new digest on the same connection', async () => {
    const first = skillMd('Call greet with a name.');
    expect(await entryOf()).toEqual({ uri: SKILL, digest: digest(first), size: Buffer.byteLength(first) });
    const reloaded = stderr.next(/skills reloaded in \d+ ms|skills reload failed/);
    write('skills/guide/SKILL.md', skillMd('Call greet with a first name, then say goodbye.'));
    expect(await reloaded, stderr.lines.join('\n')).toMatch(/skills reloaded in/);
    const edited = skillMd('Call greet with a first name, then say goodbye.');
    expect(await entryOf()).toEqual({ uri: SKILL, digest: digest(edited), size: Buffer.byteLength(edited) });
    const read = (await client.readResource({ uri: SKILL })).contents[0] as { text: string };
    expect(read.text).toBe(edited);
  });

  it('keeps the last good skills serving when an edit breaks one, and names the file', async () => {
    const from = stderr.lines.length;
    write('skills/guide/SKILL.md', '---\nname: other\ndescription: x\n---\n');
    await stderr.next(/skills reload failed/, from);
    await stderr.next(/SKILL\.md: frontmatter name "other" differs from the skill's folder "guide"/, from);
    expect((await entryOf())?.uri).toBe(SKILL);
  });
});
