// `decorum build` bundles skills that sit beside the entry (src/skills → dist/skills): the manifest lists them
// with their build-time digests, and the built app serves those very files even once src/skills is gone.
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleSkills } from '../../src/build/skills-bundle.js';
import { runCli, workProject } from '../support/work-project.js';

describe('decorum build with skills beside the entry', () => {
  const project = workProject();
  const write = (file: string, text: string) => {
    mkdirSync(dirname(`${project.dir}/${file}`), { recursive: true });
    writeFileSync(`${project.dir}/${file}`, text);
  };
  afterAll(() => project.remove());

  it('copies them into dist, lists their digests, and the built app serves them on its own', async () => {
    write('src/skills/guide/SKILL.md', '---\nname: guide\ndescription: How to greet.\n---\nCall greet.\n');
    write('src/skills/guide/refs/names.md', '# Names\n');
    write(
      'src/app.ts',
      "import { McpApp } from '@decorum/core';\nimport { AboutProvider } from './about.provider.js';\nimport { GreetTool } from './greet.tool.js';\n\nexport const app = new McpApp({ name: 'dev-fixture', version: '1.2.3', providers: [GreetTool, AboutProvider], skills: { folders: [new URL('./skills', import.meta.url)] } });\n",
    );
    const build = runCli(project.dir, ['build']);
    expect(build.stderr).toMatch(/copied the skills of src\/skills to dist\/skills/);
    expect(build.stderr).toMatch(/1 prompt, 1 skill\), server\.json/);
    expect(build.status).toBe(0);
    const manifest = JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8'));
    const [entry] = manifest.skills;
    expect(entry.resources.map((r: { uri: string }) => r.uri)).toEqual([
      'skill://guide/SKILL.md',
      'skill://guide/refs/names.md',
    ]);
    rmSync(`${project.dir}/src/skills`, { recursive: true });
    const client = new Client({ name: 'built', version: '1' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: ['dist/server.js'], cwd: project.dir }),
    );
    try {
      const listed = (await client.request({ method: 'skills/list', params: {} } as never, ResultSchema)) as {
        skills: unknown[];
      };
      expect(listed.skills).toEqual([entry]);
    } finally {
      await client.close();
    }
  });

  it('refuses a symbolic link in the skills with the path to remove', () => {
    write('src/skills/other/SKILL.md', '---\nname: other\ndescription: x\n---\n');
    symlinkSync('/etc/hostname', `${project.dir}/src/skills/other/link.md`);
    expect(() => bundleSkills(`${project.dir}/src/server.ts`, `${project.dir}/dist`, project.dir)).toThrow(
      /src\/skills\/other\/link\.md is a symbolic link/,
    );
  });
});
