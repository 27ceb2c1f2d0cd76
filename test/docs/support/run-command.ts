// Runs a docs command as a reader would, for test/docs/shell-snippets.test.ts: through bash, in its own process group
// (Ctrl-C reaches the whole group, as in a terminal), with the environment of a plain shell and fixed ports replaced by
// free ones (free-ports.mjs). A long-running server is started, must answer an MCP initialize, and is stopped.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FREE_PORTS = fileURLToPath(new URL('./free-ports.mjs', import.meta.url));

/** A shell's environment: ours minus what ties a process to this Vitest run or to `npm test`'s package. */
export function shellEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^(npm_config_local_prefix|npm_package_|npm_lifecycle_|VITEST|TINYPOOL|NODE_OPTIONS$)/i.test(key),
    ),
  );
  // prefer-offline: installs take what `npm ci` just put in the cache instead of asking the registry again.
  const npm = { npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false' };
  return { ...env, ...npm, NO_COLOR: '1', CI: 'true', NODE_OPTIONS: `--import=${FREE_PORTS}`, ...extra };
}

/** A started command: its output so far, and its exit. */
export interface Running {
  child: ChildProcess;
  output: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
  closed: () => boolean;
}

export function start(command: string, cwd: string, env: NodeJS.ProcessEnv): Running {
  const child = spawn('bash', ['-c', command], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
  let all = '';
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    all += chunk;
    out += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    all += chunk;
  });
  let closed = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      resolve(code);
    }),
  );
  return { child, output: () => all, stdout: () => out, exited, closed: () => closed };
}

/** Signals the command's whole process group, as a terminal's Ctrl-C does; no error once it is gone. */
export function signalGroup(running: Running, signal: NodeJS.Signals): void {
  try {
    process.kill(-(running.child.pid as number), signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** True while any process of the command's group is alive. */
export function groupAlive(running: Running): boolean {
  try {
    process.kill(-(running.child.pid as number), 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with `value()` once it is not undefined, checking on every chunk of output; rejects on exit or timeout. */
export function waitFor<T>(running: Running, value: () => T | undefined, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { child } = running;
    const finish = (outcome: 'exited' | 'timed out' | undefined) => {
      const found = value();
      if (found === undefined && outcome === undefined) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('close', onClose);
      if (found !== undefined) resolve(found);
      else reject(new Error(`${outcome} before ${what}:\n${running.output().slice(-3000)}`));
    };
    const onData = () => finish(undefined);
    const onClose = () => finish('exited');
    const timer = setTimeout(() => finish('timed out'), ms);
    // Registered after start()'s own listeners, so the output is already collected when these run.
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('close', onClose);
    finish(running.closed() ? 'exited' : undefined);
  });
}

/** Runs a command to its end; rejects (after killing the group) when it takes longer than `ms`. */
export async function runToEnd(command: string, cwd: string, env: NodeJS.ProcessEnv, ms: number) {
  const running = start(command, cwd, env);
  running.child.stdin?.end();
  const timer = setTimeout(() => signalGroup(running, 'SIGKILL'), ms);
  const code = await running.exited;
  clearTimeout(timer);
  return { code, output: running.output(), stdout: running.stdout() };
}

export const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'docs-shell', version: '0.0.0' } },
};

/** Sends initialize to an HTTP endpoint; resolves with the server's name. */
export async function initializeOverHttp(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(INITIALIZE),
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`initialize at ${url}: HTTP ${response.status} ${body}`);
  const name = /"serverInfo":\{"name":"([^"]+)"/.exec(body)?.[1];
  if (name === undefined) throw new Error(`initialize at ${url}: no serverInfo in ${body}`);
  return name;
}

/** The `id: 1` result on a stdio server's stdout, once it is there. */
export function stdioAnswer(stdout: string): string | undefined {
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const message = JSON.parse(line) as { id?: unknown; result?: { serverInfo?: { name?: string } } };
      if (message.id === 1 && message.result?.serverInfo?.name) return message.result.serverInfo.name;
    } catch {
      // a partial line: the rest is on its way
    }
  }
  return undefined;
}
