// What goes wrong is said clearly, and leaves nothing behind: no project folder, no staging folder.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, childEnv, createMcpApp, ensureBuilt, packDecorum, tempDir, waitForOutput } from './support.js';

describe('create-mcp-app failures', () => {
  const cleanups: (() => void)[] = [];
  const workspace = () => {
    const temp = tempDir('failures');
    cleanups.push(temp.remove);
    return temp.dir;
  };
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });
  beforeAll(() => ensureBuilt());

  it('refuses a name npm would refuse, and suggests one', async () => {
    const cwd = workspace();
    const result = await createMcpApp(['My Server!', '--yes', '--no-install', '--no-git'], cwd);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Invalid project name "My Server!"');
    expect(result.stderr).toContain('capital letters');
    expect(result.stderr).toContain('Try "my-server"');
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('refuses a non-empty folder unless --force, and leaves it as it was', async () => {
    const cwd = workspace();
    mkdirSync(join(cwd, 'taken'));
    writeFileSync(join(cwd, 'taken', 'notes.txt'), 'mine');
    const refused = await createMcpApp(['taken', '--yes', '--no-install', '--no-git'], cwd);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/The folder .*taken is not empty \(notes\.txt\).*--force/);
    expect(readdirSync(cwd)).toEqual(['taken']);
    expect(readdirSync(join(cwd, 'taken'))).toEqual(['notes.txt']);

    const forced = await createMcpApp(['taken', '--yes', '--no-install', '--no-git', '--force'], cwd);
    expect(forced.code).toBe(0);
    expect(readdirSync(join(cwd, 'taken'))).toEqual(expect.arrayContaining(['notes.txt', 'package.json', 'src']));
  });

  it('reports a failing install with its output, and removes the half-made project', async () => {
    const cwd = workspace();
    // A tarball npm cannot read: the install fails quickly, offline, after the files were written.
    mkdirSync(join(cwd, 'broken-packs'));
    for (const name of ['protocol', 'core', 'testing', 'cli']) {
      writeFileSync(join(cwd, 'broken-packs', `decorum-${name}-0.1.0.tgz`), 'not a tarball');
    }
    const result = await createMcpApp(
      ['doomed', '--yes', '--no-git', '--decorum-packages', 'broken-packs', '--prefer-offline'],
      cwd,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('The install failed');
    expect(result.stderr).toContain('npm install --no-audit --no-fund --prefer-offline failed');
    expect(result.stderr).toMatch(/TAR_BAD_ARCHIVE|tarball|corrupted|zlib/i);
    expect(readdirSync(cwd)).toEqual(['broken-packs']);
  }, 60_000);

  it('stops on Ctrl+C during the install, and removes what it wrote', async () => {
    const cwd = workspace();
    packDecorum(join(cwd, 'packs'));
    const child = spawn(process.execPath, [BIN, 'interrupted', '--yes', '--no-git', '--decorum-packages', 'packs'], {
      cwd,
      env: childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    await waitForOutput(child, 'stdout', /Installing dependencies/);
    child.kill('SIGINT');
    expect(await closed).toBe(130);
    expect(stderr).toContain('Cancelled during the install: nothing was left behind.');
    expect(readdirSync(cwd)).toEqual(['packs']);
  }, 60_000);

  it('asks nothing when stdin is not a terminal, and takes the defaults', async () => {
    const cwd = workspace();
    const result = await createMcpApp(['quiet', '--no-install', '--no-git'], cwd);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toContain('?');
    expect(result.stdout).toContain('template basic, transport stdio');
  });
});
