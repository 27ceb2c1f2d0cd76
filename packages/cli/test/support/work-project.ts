// A fresh copy of the dev-project fixture per test, inside the repository (under test/.work, which
// git ignores) so that its imports of @decorum/* resolve through the workspace's node_modules.

import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIXTURE = fileURLToPath(new URL('../fixtures/dev-project', import.meta.url));
const WORK = fileURLToPath(new URL('../.work', import.meta.url));

/** The `decorum` binary from source, and the Node arguments that run it. */
export const BIN = fileURLToPath(new URL('../../src/bin.ts', import.meta.url));
// The loader by URL, not by name: a test may run the CLI from a folder that cannot resolve @decorum/cli.
const REGISTER = new URL('../../loader/register.mjs', import.meta.url).href;
export const BIN_ARGS = ['--conditions=@decorum/source', '--import', REGISTER, BIN];

/** Copies the fixture project; `remove` deletes the copy. */
export function workProject(): { dir: string; remove(): void } {
  mkdirSync(WORK, { recursive: true });
  const dir = `${WORK}/${randomUUID()}`;
  cpSync(FIXTURE, dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Lines of a stream, with a way to wait for one matching a pattern (no sleeps). */
export class LineWaiter {
  readonly lines: string[] = [];
  private waiters: { pattern: RegExp; from: number; resolve(line: string): void }[] = [];
  private buffer = '';

  constructor(stream: { on(event: 'data', listener: (chunk: Buffer) => void): unknown }) {
    stream.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString();
      const parts = this.buffer.split('\n');
      this.buffer = parts.pop() ?? '';
      for (const line of parts) this.push(line);
    });
  }

  private push(line: string): void {
    this.lines.push(line);
    this.waiters = this.waiters.filter((w) => {
      if (!w.pattern.test(line)) return true;
      w.resolve(line);
      return false;
    });
  }

  /** Resolves with the first line matching `pattern` from line index `from` on (default: from now). */
  next(pattern: RegExp, from = this.lines.length): Promise<string> {
    const seen = this.lines.slice(from).find((line) => pattern.test(line));
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ pattern, from, resolve }));
  }
}

/** Runs the `decorum` binary (from source) in `cwd` and waits for it to end. */
export function runCli(cwd: string, args: string[], input?: string) {
  return spawnSync(process.execPath, [...BIN_ARGS, ...args], { cwd, encoding: 'utf8', input, timeout: 60_000 });
}

/**
 * Like {@link runCli}, without blocking this process: for a CLI talking to a server that lives in
 * the test process itself.
 */
export function runCliAsync(cwd: string, args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...BIN_ARGS, ...args],
      { cwd, encoding: 'utf8', timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}
