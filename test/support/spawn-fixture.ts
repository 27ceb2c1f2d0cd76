// Starts a TypeScript fixture as a real Node process, the way a client spawns a stdio server: our
// SWC loader compiles it (decorator metadata included) and the `source` condition resolves the
// workspace packages to their sources, so no build is needed first.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Command and arguments that run a .ts file under the dev loader. */
export function tsCommand(file: string): { command: string; args: string[]; cwd: string } {
  return {
    command: process.execPath,
    args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', file],
    cwd: REPO_ROOT,
  };
}

/** Spawns a .ts fixture with piped stdio. */
export function spawnTs(file: string, env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const { command, args, cwd } = tsCommand(file);
  return spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'pipe' });
}

/** Collects a child's stdout as lines and resolves waiters as matching lines arrive. */
export class LineReader {
  readonly lines: string[] = [];
  private buffer = '';
  private waiters: { predicate: (line: string) => boolean; resolve: (line: string) => void }[] = [];

  constructor(stream: NodeJS.ReadableStream) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      this.buffer += chunk;
      let index = this.buffer.indexOf('\n');
      while (index !== -1) {
        const line = this.buffer.slice(0, index);
        this.buffer = this.buffer.slice(index + 1);
        this.lines.push(line);
        this.waiters = this.waiters.filter((w) => {
          if (!w.predicate(line)) return true;
          w.resolve(line);
          return false;
        });
        index = this.buffer.indexOf('\n');
      }
    });
  }

  waitFor(predicate: (line: string) => boolean): Promise<string> {
    const seen = this.lines.find(predicate);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ predicate, resolve }));
  }
}

/** Resolves with the exit code (or signal) once the child has exited. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}
