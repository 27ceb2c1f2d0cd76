import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/index.js';

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', '@decorum/cli/register', bin, ...args], { encoding: 'utf8' });

describe('decorum binary', () => {
  it('prints usage on --help (to stderr, exit 0) and lists every command', () => {
    const result = run('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    for (const name of Object.keys(COMMANDS)) expect(result.stderr).toContain(`decorum ${name}`);
  });

  it('names an unknown command and exits 1', () => {
    const result = run('frobnicate');
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
