// Shared by the create-mcp-app end-to-end tests: the packed @decorum/* tarballs, the scaffolder's
// binary, and child processes run with a clean environment and no timers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const BIN = join(ROOT, 'packages/create-mcp-app/dist/bin.js');
// openapi too, as docs/create-mcp-app.md packs it: no template installs it, so no scaffold may list it in overrides.
const PACKED = ['protocol', 'core', 'testing', 'cli', 'openapi'];

/**
 * The environment for child processes: ours minus what ties them to this repository or to the
 * Vitest run we are in (`npm test` exports npm_config_local_prefix=<repo>; Vitest its worker ids).
 */
export function childEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_config_local_prefix|npm_package_|npm_lifecycle_|VITEST|TINYPOOL|NODE_OPTIONS)/i.test(key),
    ),
  );
  return { ...env, NO_COLOR: '1', ...extra };
}

/** A fresh temporary folder, and the function that removes it. */
export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `cma-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Builds those of `names` whose dist is missing (CI builds first; a fresh checkout may not have). */
export function ensureBuilt(names: string[] = ['create-mcp-app']): void {
  const missing = names.filter((name) => !existsSync(join(ROOT, 'packages', name, 'dist')));
  for (const name of missing) {
    const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: join(ROOT, 'packages', name), stdio: 'pipe' });
    if (built.status !== 0) throw new Error(`building packages/${name} failed:\n${built.stderr}`);
  }
}

/** Packs the built @decorum/* packages into `dir` (what --decorum-packages reads). */
export function packDecorum(dir: string): void {
  ensureBuilt([...PACKED, 'create-mcp-app']);
  mkdirSync(dir, { recursive: true });
  const args = ['pack', ...PACKED.flatMap((name) => ['-w', `packages/${name}`]), '--pack-destination', dir];
  const packed = spawnSync('npm', args, { cwd: ROOT, env: childEnv(), encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
}

/** The result of a finished command. */
export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, collecting its output (stdin is /dev/null: not a TTY). */
export function exec(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  return new Promise<Finished>((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? childEnv(),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs the scaffolder's binary. */
export function createMcpApp(args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<Finished> {
  return exec(process.execPath, [BIN, ...args], { cwd, env });
}

/** Resolves with the first match of `pattern` in what `child` writes on `stream`; rejects if it exits first. */
export function waitForOutput(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    let seen = '';
    const onData = (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      const match = seen.match(pattern);
      if (match) {
        child[stream]?.off('data', onData);
        child.off('exit', onExit);
        resolve(match);
      }
    };
    const onExit = (code: number | null) => reject(new Error(`exited (${code}) before printing ${pattern}:\n${seen}`));
    child[stream]?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Every file under `dir` (but node_modules and .git) with its content, by relative path. */
export function snapshotTree(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (current: string) => {
    for (const entry of readdirSync(current)) {
      if (entry === 'node_modules' || entry === '.git') continue;
      const path = join(current, entry);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(dir, path)] = readFileSync(path, 'utf8');
    }
  };
  walk(dir);
  return files;
}
