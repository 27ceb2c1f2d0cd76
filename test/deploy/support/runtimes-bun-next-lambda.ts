// The runtimes of the bun, next and lambda deploy tests, from their npm packages (devDependencies),
// each on a loopback port the OS picks, each started in its own process group and stopped with it.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LineWaiter } from '../../../packages/cli/test/support/work-project.js';
import { REPO_ROOT } from '../../support/spawn-fixture.js';
import { TOOL_ENV } from './project-scripts.js';
import type { Served as RuntimeServed } from './runtimes.js';

/** A runtime serving a built app, and a way to wait for a line of its stderr. */
export interface Served extends RuntimeServed {
  /** Resolves with the first stderr line (since the start) matching `pattern`. */
  logged(pattern: RegExp): Promise<string>;
}

/**
 * The bun binary from npm: the platform package's (`@oven/bun-<platform>-<arch>`, an optional dependency of
 * `bun`), where the repository leaves install scripts off; else `bun`'s bin/bun.exe, once its postinstall has
 * put the binary there (before, it is a placeholder of a few hundred bytes).
 */
export function bunBinary(): string {
  const platform = join(REPO_ROOT, `node_modules/@oven/bun-${process.platform}-${process.arch}/bin/bun`);
  const installed = join(REPO_ROOT, 'node_modules/bun/bin/bun.exe');
  if (existsSync(platform)) return platform;
  if (existsSync(installed) && statSync(installed).size > 1024 * 1024) return installed;
  throw new Error(`no bun binary at ${platform} or ${installed}: npm ci installs the bun devDependency`);
}

/** Stops the process group `child` leads (next start runs next-server as a child of its own). */
function groupStopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      process.kill(-(child.pid as number), 'SIGTERM');
    });
}

/** Starts `command`, waits for a line of `stream` matching `ready` (its first group is the URL), or its early exit. */
async function startServing(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; stream: 'stdout' | 'stderr'; ready: RegExp; path: string },
): Promise<Served> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const out = new LineWaiter(child.stdout as NodeJS.ReadableStream);
  const err = new LineWaiter(child.stderr as NodeJS.ReadableStream);
  const output = () => [...out.lines, ...err.lines].join('\n');
  const waiter = options.stream === 'stdout' ? out : err;
  const line = await Promise.race([
    waiter.next(options.ready),
    new Promise<never>((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${command} exited (${code}) before serving:\n${output()}`))),
    ),
  ]);
  const base = (options.ready.exec(line) as RegExpExecArray)[1] as string;
  return {
    url: new URL(options.path, base),
    output,
    logged: (pattern) => err.next(pattern, 0),
    close: groupStopper(child),
  };
}

/** Runs `bundle` with Bun, PORT=0: the bundle prints the endpoint Bun.serve listens on. */
export function serveInBun(bundle: string): Promise<Served> {
  return startServing(bunBinary(), [bundle], {
    cwd: dirname(dirname(bundle)),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1' },
    stream: 'stderr',
    // The template's own line from its captured listen() has no URL; the target's has.
    ready: /^MCP endpoint: (http:\/\/\S+)$/,
    path: '',
  });
}

/** `next start` on a free loopback port in the built Next.js project `dir`; `path` is the route's. */
export function serveWithNext(dir: string, path: string): Promise<Served> {
  return startServing(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', '0', '-H', '127.0.0.1'],
    {
      cwd: dir,
      env: TOOL_ENV,
      stream: 'stdout',
      ready: /Local:\s+(http:\/\/\S+)/,
      path,
    },
  );
}

const FRONT = fileURLToPath(new URL('./lambda-front.mjs', import.meta.url));

/**
 * lambda-local running `handler` of `bundle` for each request to a loopback HTTP front that turns it into a
 * function URL event (payload 2.0), as Lambda's function URLs do; the endpoint is `path` on it.
 */
export function serveInLambdaLocal(bundle: string, handler: string, path: string): Promise<Served> {
  return startServing(process.execPath, [FRONT, bundle, handler], {
    cwd: dirname(bundle),
    env: { ...process.env, NO_COLOR: '1' },
    stream: 'stdout',
    ready: /^front listening on (http:\/\/\S+)$/,
    path,
  });
}
