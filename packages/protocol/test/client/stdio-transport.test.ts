// The spawning transport on its own: a process that will not stop is ended with SIGTERM, then SIGKILL; a command
// that cannot start is a clear error; a server that dies during the handshake says how it ended.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { connectStdio, StdioClientTransport } from '../../src/client-stdio.js';

const stubborn = fileURLToPath(new URL('./fixtures/stubborn.mjs', import.meta.url));

describe('StdioClientTransport', () => {
  it('kills a process that ignores EOF and SIGTERM, and says it was killed', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [stubborn],
      stderr: 'pipe',
      killAfterMs: 200,
    });
    let closed = false;
    transport.onclose = () => {
      closed = true;
    };
    await transport.start();
    await expect.poll(() => transport.stderrText).toContain('stubborn ready');
    await transport.close();
    expect(closed).toBe(true);
    expect(transport.stderrText).toContain('ignoring EOF');
    expect(transport.stderrText).toContain('ignoring SIGTERM');
    expect(transport.closeInfo()).toMatchObject({ reason: 'server', signal: 'SIGKILL', exitCode: null });
  });

  it('a command that does not exist is a clear error', async () => {
    await expect(connectStdio({ command: 'decorum-no-such-command-here' })).rejects.toThrow(
      /Cannot start decorum-no-such-command-here: spawn decorum-no-such-command-here ENOENT/,
    );
  });

  it('a server that exits during the handshake says how, with what it wrote to stderr', async () => {
    const failing = connectStdio({
      command: process.execPath,
      args: ['-e', 'process.stderr.write("missing API key\\n"); process.exit(3)'],
      stderr: 'pipe',
    });
    await expect(failing).rejects.toThrow('The server process exited with code 3: missing API key');
  });
});
