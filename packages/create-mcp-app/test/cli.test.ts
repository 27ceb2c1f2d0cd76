import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { run } from '../src/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the command in-process without a TTY (so nothing is asked), collecting its output. */
async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const cwd = mkdtempSync(join(tmpdir(), 'cma-cli-'));
  dirs.push(cwd);
  return runIn(cwd, argv, env);
}

async function runIn(cwd: string, argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdin: new PassThrough(),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    cwd,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr, cwd };
}

describe('create-mcp-app', () => {
  it('prints its usage and its version', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: create-mcp-app [dir] [options]');
    expect((await cli(['--version'])).stdout).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers a usage mistake with status 2 and the reason', async () => {
    const result = await cli(['--template', 'http', '--transport', 'stdio', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The http template can be generated for http or both, not stdio.');
    expect(readdirSync(result.cwd)).toEqual([]);
  });

  it('offers zod schemas where the template has them', async () => {
    const result = await cli(['--template', 'full', '--schema', 'zod', 'x']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('The full template comes with dto schemas, not zod.');
    const made = await cli(['z', '--no-install', '--no-git', '--schema=zod']);
    expect(made.code).toBe(0);
    expect(readFileSync(join(made.cwd, 'z/src/greet.tool.ts'), 'utf8')).toContain('z.strictObject');
  });

  it('offers sign-in where the template has it, and only the files it needs', async () => {
    const refused = await cli(['--template', 'basic', '--auth', 'oauth', 'x']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('sign-in is in the http template (--template http --auth oauth)');
    const serverless = await cli(['--template', 'http', '--auth', 'oauth', '--deploy', 'lambda', 'x']);
    expect(serverless.code).toBe(2);
    expect(serverless.stderr).toContain('--auth oauth runs as a Node server');
    const made = await cli(['o', '--no-install', '--no-git', '--template', 'http', '--auth=oauth']);
    expect(made.code).toBe(0);
    expect(readFileSync(join(made.cwd, 'o/src/http-options.ts'), 'utf8')).toContain('auth: signIn(env)');
    expect(readdirSync(join(made.cwd, 'o/src'))).toContain('sign-in.ts');
    expect(JSON.parse(readFileSync(join(made.cwd, 'o/package.json'), 'utf8')).dependencies).toHaveProperty(
      '@decorum/oauth',
    );
    const plain = await cli(['p', '--no-install', '--no-git', '--template', 'http']);
    expect(readdirSync(join(plain.cwd, 'p/src'))).not.toContain('sign-in.ts');
    expect(readFileSync(join(plain.cwd, 'p/src/http-options.ts'), 'utf8')).not.toContain('signIn');
  });

  it('writes the project and says what to run next, without colour when not on a TTY', async () => {
    const result = await cli(['my-server', '--no-install', '--no-git', '--template', 'full']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created my-server in my-server (template full, transport stdio)');
    expect(result.stdout).toMatch(/cd my-server\n\s+npm install\s+install the dependencies\n\s+npm run dev/);
    expect(result.stdout).not.toContain('\u001b[');
    expect(readdirSync(join(result.cwd, 'my-server')).sort()).toEqual(
      ['.gitignore', 'README.md', 'package.json', 'skills', 'src', 'test', 'tsconfig.json', 'vitest.config.ts'].sort(),
    );
    // Nothing but the project: the staging folder was renamed into place.
    expect(readdirSync(result.cwd)).toEqual(['my-server']);
  });

  it('colours with FORCE_COLOR and respects NO_COLOR', async () => {
    expect((await cli(['a', '--no-install', '--no-git'], { FORCE_COLOR: '1' })).stdout).toContain('\u001b[32m✔');
    expect((await cli(['b', '--no-install', '--no-git'], { NO_COLOR: '1' })).stdout).not.toContain('\u001b[');
  });

  it('with --force, writes into a non-empty folder and keeps the files it does not replace', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'cma-cli-'));
    dirs.push(cwd);
    mkdirSync(join(cwd, 'app'));
    writeFileSync(join(cwd, 'app', 'keep.txt'), 'mine');
    writeFileSync(join(cwd, 'app', 'README.md'), 'old');
    const result = await runIn(cwd, ['app', '--no-install', '--no-git', '--force']);
    expect(result.code).toBe(0);
    expect(readFileSync(join(cwd, 'app', 'keep.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(cwd, 'app', 'README.md'), 'utf8')).toContain('# app');
    expect(readdirSync(cwd)).toEqual(['app']);
  });

  it('creates missing parent folders, and names the project after the last one', async () => {
    const result = await cli(['deep/er/tool-box', '--no-install', '--no-git']);
    expect(result.code).toBe(0);
    expect(JSON.parse(readFileSync(join(result.cwd, 'deep/er/tool-box/package.json'), 'utf8')).name).toBe('tool-box');
  });

  it('refuses a folder of local packages without @decorum/core', async () => {
    const result = await cli(['x', '--no-git', '--decorum-packages', '.']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No decorum-core-<version>.tgz in');
    expect(readdirSync(result.cwd)).toEqual([]);
  });
});
