// The official SDK client spawns the engine-only fixture server and drives it over real stdio pipes.
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { legacySuite } from '../../packages/protocol/test/support/legacy-suite.js';
import { createSdkClient, pinVersion } from '../../packages/protocol/test/support/sdk-client.js';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

const FIXTURE = 'packages/protocol/test/fixtures/stdio-server.ts';

function stdioTransport(): StdioClientTransport {
  const { command, args } = tsCommand(FIXTURE);
  return new StdioClientTransport({ command, args, cwd: REPO_ROOT, stderr: 'pipe' });
}

for (const version of ['2024-11-05', '2025-11-25']) {
  legacySuite('official SDK client over stdio', version, { open: async () => stdioTransport() });
}

describe('stdout hygiene with a real client', () => {
  it('keeps a handler that writes to stdout from corrupting the stream', async () => {
    const { client, record } = createSdkClient();
    const transport = stdioTransport();
    let stderr = '';
    transport.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const errors: Error[] = [];
    transport.onerror = (error) => errors.push(error);
    await client.connect(pinVersion(transport, undefined, record));
    expect(await client.callTool({ name: 'stdout', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'wrote' }],
    });
    expect(await client.callTool({ name: 'echo', arguments: { text: 'still fine' } })).toMatchObject({
      content: [{ type: 'text', text: 'still fine' }],
    });
    await client.close();
    expect(errors).toEqual([]);
    expect(stderr).toContain('this line must not reach the protocol stream');
    expect(stderr).toContain('neither must this');
    expect(stderr).toMatch(/stdout is reserved for MCP protocol frames/);
  });
});
