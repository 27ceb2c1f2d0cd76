// `decorum dev` over HTTP ends on SIGTERM/SIGINT: the file watcher used to keep the process alive
// after the HTTP close ("server closed", then nothing, forever).
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, workProject } from '../support/work-project.js';

const projects: { remove(): void }[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) project.remove();
});

function startDev() {
  const project = workProject();
  projects.push(project);
  const child = spawn(process.execPath, [...BIN_ARGS, 'dev', '--http', '--port', '0'], {
    cwd: project.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr = new LineWaiter(child.stderr);
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, stderr, exited };
}

describe('decorum dev over HTTP and signals', () => {
  it('exits 0 on SIGTERM, after closing the HTTP endpoint', async () => {
    const dev = startDev();
    const serving = await dev.stderr.next(/serving over http:\/\/\S+/, 0);
    const url = (serving.match(/http:\/\/\S+/) as RegExpMatchArray)[0];
    expect((await fetch(url, { method: 'GET' })).status).toBeGreaterThanOrEqual(400); // it is up
    dev.child.kill('SIGTERM');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
    expect(dev.stderr.lines).toContain('[decorum] server closed');
  }, 60_000);

  it('exits 0 on a double SIGINT (Ctrl-C under npm run)', async () => {
    const dev = startDev();
    await dev.stderr.next(/serving over http/, 0);
    dev.child.kill('SIGINT');
    dev.child.kill('SIGINT');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
  }, 60_000);
});
