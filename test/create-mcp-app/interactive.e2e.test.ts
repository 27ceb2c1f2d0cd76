// The prompts, answered through a pseudo-terminal (util-linux `script` gives the scaffolder a TTY),
// produce exactly the project the equivalent flags produce.
import { type ChildProcess, spawn } from 'node:child_process';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, childEnv, createMcpApp, ensureBuilt, snapshotTree, tempDir } from './support.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape codes start with ESC
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;
const shellQuote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

/** Runs `args` on a TTY and answers each prompt when (and only when) it appears. */
function runOnTty(args: string[], cwd: string, dialog: [RegExp, string][], started: Set<ChildProcess>) {
  // Colours on, as on a real terminal: the prompts are matched with the escape codes stripped.
  const ttyEnv = childEnv({ FORCE_COLOR: '1', TERM: 'xterm' });
  delete ttyEnv.NO_COLOR;
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  // -q quiet, -e exit with the command's status, -f flush at once, -c the command; no typescript file.
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    cwd,
    env: ttyEnv,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  started.add(child); // killed after the test if a prompt never came (the test then times out)
  let screen = '';
  let step = 0;
  child.stdout.on('data', (chunk: Buffer) => {
    screen += chunk.toString('utf8');
    const plain = screen.replace(ANSI, '');
    // Answer the next question once its prompt is on screen (a prompt ends without a newline).
    const next = dialog[step];
    if (next?.[0].test(plain.split(/\r?\n/).at(-1) ?? '')) {
      child.stdin.write(`${next[1]}\r`);
      step += 1;
      screen += '\n'; // the answer's echo arrives later: never match the same prompt twice
    }
  });
  return new Promise<{ code: number | null; screen: string; answered: number }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen: screen.replace(ANSI, ''), answered: step }));
  });
}

describe('create-mcp-app on a terminal', () => {
  const workspace = tempDir('interactive');
  const children = new Set<ChildProcess>();
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    workspace.remove();
  });
  beforeAll(() => ensureBuilt());

  it('asks for every choice, and the answers give the same project as the flags', async () => {
    const flags = await createMcpApp(
      [
        'notes-app',
        '--template',
        'full',
        '--transport',
        'both',
        '--deploy',
        'bun',
        '--no-install',
        '--no-git',
        '--yes',
      ],
      workspace.dir,
    );
    expect(flags.code).toBe(0);
    // Same absolute path for both runs: the README's client configurations contain it.
    renameSync(join(workspace.dir, 'notes-app'), join(workspace.dir, 'from-flags'));

    const tty = await runOnTty(
      [],
      workspace.dir,
      [
        [/Project name \(my-mcp-server\) $/, 'Notes App'], // refused: capital letters and a space
        [/Project name \(notes-app\) $/, ''], // the suggestion, taken with Enter
        [/Choose 1-\d or a name \(basic\) $/, '\u001b[B\u001b[B'], // down twice from basic: full
        [/Choose 1-3 or a name \(stdio\) $/, 'both'],
        [/Choose 1-6 or a name \(node\) $/, 'bun'], // the deploy target, asked for an HTTP server
        [/Install dependencies with npm now\? \(Y\/n\) $/, 'n'],
        [/Initialize a git repository\? \(Y\/n\) $/, 'no'],
      ],
      children,
    );
    expect(tty.screen).toContain('Invalid project name "Notes App"');
    expect(tty.answered).toBe(7);
    expect(tty.code).toBe(0);
    expect(tty.screen).toContain('Created notes-app');

    const fromTty = snapshotTree(join(workspace.dir, 'notes-app'));
    expect(Object.keys(fromTty)).toContain('src/notes.tools.ts');
    expect(fromTty).toEqual(snapshotTree(join(workspace.dir, 'from-flags')));
  }, 60_000);
});
