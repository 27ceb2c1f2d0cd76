// With telemetry off, @opentelemetry/api is not even loaded: the app runs in a process where resolving
// any @opentelemetry package throws. Turning telemetry on in the same setup fails, which proves the
// hook would have caught a load.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

function run(...argv: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { command, args } = tsCommand('test/telemetry/fixtures/no-telemetry.ts');
  const child = spawn(command, ['--import', './test/telemetry/fixtures/forbid-opentelemetry.mjs', ...args, ...argv], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('telemetry off', () => {
  it('serves a tools/call without loading any @opentelemetry module', async () => {
    const { code, stdout, stderr } = await run();
    expect(stderr).not.toContain('forbidden');
    expect(code).toBe(0);
    expect(stdout.trim()).toBe('echo: untraced');
  });

  it('loads @opentelemetry/api once telemetry is on (the hook catches it)', async () => {
    const { code, stderr } = await run('on');
    expect(code).not.toBe(0);
    expect(stderr).toContain('forbidden: @opentelemetry loaded (@opentelemetry/api)');
  });
});
