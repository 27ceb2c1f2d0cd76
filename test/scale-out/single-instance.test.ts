// A single instance never loads the scale-out machinery: it sits behind the ScaleOut seam
// (@decorum/protocol/scale-out), reached only through a ScaleOut the endpoint is given. The fixture
// lists the protocol source modules a real process resolved while serving an initialize over HTTP.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { exited, LineReader, tsCommand } from '../support/spawn-fixture.js';

async function loadedModules(...extra: string[]): Promise<{ status: number; modules: string[] }> {
  const { command, args, cwd } = tsCommand('test/scale-out/fixtures/single-instance.ts');
  const child = spawn(command, [...args, ...extra], { cwd, stdio: 'pipe' });
  const lines = new LineReader(child.stdout);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const { code } = await exited(child);
  expect(code, stderr).toBe(0);
  return JSON.parse(await lines.waitFor((line) => line.startsWith('{')));
}

const scaleOutModules = (modules: string[]) =>
  modules.filter((path) => path.startsWith('packages/protocol/src/scale-out'));

describe('the scale-out seam', () => {
  it('a single instance serves HTTP sessions without loading any scale-out module', async () => {
    const { status, modules } = await loadedModules();
    expect(status).toBe(200);
    expect(modules).toContain('packages/protocol/src/http/session-registry.ts');
    expect(scaleOutModules(modules)).toEqual([]);
  });

  it('an instance given a ScaleOut loads the machinery (the check above sees these modules)', async () => {
    const { status, modules } = await loadedModules('scaled');
    expect(status).toBe(200);
    expect(scaleOutModules(modules)).toEqual(
      expect.arrayContaining([
        'packages/protocol/src/scale-out.ts',
        'packages/protocol/src/scale-out/cluster-sessions.ts',
        'packages/protocol/src/scale-out/shared-streams.ts',
      ]),
    );
  });
});
