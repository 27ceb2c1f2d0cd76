// `decorum dev` compiles with SWC, which strips types without checking them. So that type errors do
// not pass silently, the project's own TypeScript runs `tsc --noEmit` in a background process after
// each reload (one run at a time, at low priority): errors are reported on stderr and never block
// or undo a reload.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { join, relative } from 'node:path';

/** What {@link TypeChecker} needs of the project. */
export interface TypeCheckTarget {
  root: string;
  tsconfig: string;
}

const ERROR_LINE = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;
const SHOWN = 10;

/** Runs `tsc --noEmit` in the background on request and logs what it finds. */
export class TypeChecker {
  private child?: ChildProcess;
  private again = false;
  private last?: string;
  private closed = false;

  constructor(
    private readonly project: TypeCheckTarget,
    private readonly log: (line: string) => void,
  ) {}

  /** The tsc of the project (its own TypeScript version), if it has one. */
  private tsc(): string | undefined {
    try {
      return createRequire(join(this.project.root, 'package.json')).resolve('typescript/bin/tsc');
    } catch {
      return undefined;
    }
  }

  /** Says at start what is checked, or why nothing is. */
  describe(): string {
    if (!existsSync(this.project.tsconfig)) {
      return `no type check: ${relative(this.project.root, this.project.tsconfig)} not found (SWC compiles without checking types)`;
    }
    if (this.tsc() === undefined) {
      return 'no type check: TypeScript is not installed in the project (SWC compiles without checking types; npm i -D typescript)';
    }
    return 'type-checking in the background after each reload (tsc --noEmit; --no-typecheck turns it off)';
  }

  /** Starts a check, or one more after the running one. */
  schedule(): void {
    if (this.closed) return;
    if (this.child !== undefined) {
      this.again = true;
      return;
    }
    const tsc = this.tsc();
    if (tsc === undefined || !existsSync(this.project.tsconfig)) return;
    const child = spawn(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', this.project.tsconfig], {
      cwd: this.project.root,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    this.child = child;
    // A dev server over stdio ends with its client (process.exit): the check must not outlive it.
    const stop = () => child.kill();
    process.once('exit', stop);
    child.once('close', () => process.off('exit', stop));
    try {
      if (child.pid !== undefined) setPriority(child.pid, 19); // reloads come first
    } catch {
      // not permitted here: run at normal priority
    }
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('close', (code) => {
      this.child = undefined;
      if (this.closed) return;
      if (code !== null) this.report(output);
      if (this.again) {
        this.again = false;
        this.schedule();
      }
    });
  }

  private report(output: string): void {
    const errors = output
      .split('\n')
      .map((line) => ERROR_LINE.exec(line.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, file, line, column, code, message]) => {
        const where = relative(this.project.root, join(this.project.root, file as string));
        return `  ${where}:${line}:${column} ${code}: ${message}`;
      });
    const text =
      errors.length === 0
        ? 'type check: no errors'
        : [
            `type errors (${errors.length}; the app reloads anyway):`,
            ...errors.slice(0, SHOWN),
            ...(errors.length > SHOWN ? [`  … and ${errors.length - SHOWN} more (npx tsc --noEmit)`] : []),
          ].join('\n');
    // Said once per outcome: a reload that changes nothing for the types stays quiet.
    if (text === this.last) return;
    this.last = text;
    for (const line of text.split('\n')) this.log(line);
  }

  /** Stops the running check, if any; no more are started. */
  close(): void {
    this.closed = true;
    this.child?.kill();
  }
}
