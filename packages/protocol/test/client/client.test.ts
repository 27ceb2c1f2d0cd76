// The client suite against the fixture server over every transport, in both eras.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectClient, connectHttp, connectInMemory, type McpClient } from '../../src/client.js';
import { StdioClientTransport } from '../../src/client-stdio.js';
import { serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { clientSuite } from './client-suite.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const fixture = fileURLToPath(new URL('../fixtures/stdio-server.ts', import.meta.url));

for (const version of ['2025-11-25', '2025-06-18', '2024-11-05', '2026-07-28']) {
  clientSuite('in-memory', version, { open: (options) => connectInMemory(createFixtureServer(), options) });
}

for (const version of ['2025-11-25', '2026-07-28']) {
  let transport: StdioClientTransport | undefined;
  clientSuite('stdio', version, {
    open(options) {
      transport = new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
        cwd: root,
        stderr: 'pipe',
      });
      return connectClient(transport, options);
    },
    async kill() {
      const pid = transport?.pid;
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
    },
  });
}

for (const version of ['2025-11-25', '2025-03-26', '2026-07-28']) {
  let serving: Awaited<ReturnType<typeof serveHttp>> | undefined;
  clientSuite('Streamable HTTP', version, {
    async open(options): Promise<McpClient> {
      await serving?.close();
      serving = await serveHttp(createFixtureServer(), { port: 0 });
      return connectHttp(serving.url, options);
    },
    async kill() {
      await serving?.close();
      serving = undefined;
    },
  });
}
