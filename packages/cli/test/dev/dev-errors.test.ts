// `decorum dev`'s clear errors: a missing entry, an entry that builds no app, a port in use.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, LineWaiter, runCli, workProject } from '../support/work-project.js';

describe('decorum dev: clear errors', () => {
  const project = workProject();
  afterAll(() => project.remove());

  it('a missing entry: exit 1, saying where it looked and how to point at another file', () => {
    const result = runCli(project.dir, ['dev', 'src/missing.ts']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/decorum dev: Cannot find the app's entry src\/missing\.ts/);
  });

  it('an entry that builds no app: says how to end it, and waits for a fix (then serves)', async () => {
    writeFileSync(`${project.dir}/src/empty.ts`, 'export const nothing = 1;\n');
    const child = spawn(process.execPath, [...BIN_ARGS, 'dev', 'src/empty.ts', '--http', '--port', '0'], {
      cwd: project.dir,
    });
    try {
      const stderr = new LineWaiter(child.stderr);
      await stderr.next(/src\/empty\.ts built no Decorum app: it neither called app\.listen\(…\) nor exported one/, 0);
      await stderr.next(/waiting for a change/, 0);
      writeFileSync(`${project.dir}/src/empty.ts`, "import 'reflect-metadata';\nexport { app } from './app.js';\n");
      await stderr.next(/serving over http:\/\/127\.0\.0\.1:\d+\/mcp/, 0);
      await stderr.next(/loaded in \d+ ms/, 0);
    } finally {
      child.kill();
    }
  });

  it('a port in use: exit 1, naming the port and --port', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const result = runCli(project.dir, ['dev', '--http', '--port', String(port)]);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`Port in use: 127\\.0\\.0\\.1:${port}\\. .*--port <n>`));
    } finally {
      blocker.close();
    }
  });
});
