// What scaffold leaves on disk: folders with the modes the umask gives any folder (mkdtemp's 0700
// used to become the project's), and the allowScripts entry of the repository's own package.json.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TEMPLATES } from '../src/constants.js';
import { scaffold } from '../src/scaffold.js';
import { findTemplatesDir } from '../src/templates.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const quiet = { spinner: () => ({ succeed() {}, fail() {} }), note() {} };
const mode = (path: string) => statSync(path).mode & 0o777;

async function make(template: (typeof TEMPLATES)[number]) {
  const parent = mkdtempSync(join(tmpdir(), 'decorum-scaffold-'));
  dirs.push(parent);
  const targetDir = join(parent, 'made', 'app');
  await scaffold(
    {
      name: 'app',
      template,
      transport: 'stdio',
      packageManager: 'npm',
      targetDir,
      decorum: { kind: 'registry', spec: '^0.1.0' },
      install: false,
      git: false,
      force: false,
      preferOffline: false,
      templatesDir: findTemplatesDir(),
    },
    quiet,
    new AbortController().signal,
  );
  return { parent, targetDir };
}

describe('scaffold on disk', () => {
  it('gives the project folder and its subfolders the umask-derived mode of any new folder', async () => {
    const { parent, targetDir } = await make('basic');
    const probe = join(parent, 'probe');
    mkdirSync(probe); // what this process's umask makes of a new folder (0755 with the usual 022)
    expect(mode(targetDir).toString(8)).toBe(mode(probe).toString(8));
    expect(mode(join(targetDir, 'src')).toString(8)).toBe(mode(probe).toString(8));
    expect(mode(targetDir) & 0o055).not.toBe(0); // not the 0700 of a temporary folder (umask 022 here)
  });

  it.each(TEMPLATES)('writes the allowScripts entry of the repository into %s projects', async (template) => {
    const root = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const { targetDir } = await make(template);
    const manifest = JSON.parse(readFileSync(join(targetDir, 'package.json'), 'utf8'));
    // The entries for what a project installs (the root lists more, for its own dev dependencies).
    expect(manifest.allowScripts).toEqual({
      '@swc/core': root.allowScripts['@swc/core'],
      esbuild: root.allowScripts.esbuild,
    });
  });
});
