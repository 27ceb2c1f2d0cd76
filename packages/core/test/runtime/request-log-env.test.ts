// The request log and DECORUM_REQUEST_LOG: `off` silences it whatever the app says (a test runner, or a host
// that shows stderr to users, decides), `pretty`/`json` turn it on when the app does not say.
import { connectInMemory } from '@decorum/protocol/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { McpApp, Tool } from '../../src/index.js';

class Echo {
  @Tool({ description: 'Says hi' })
  hi() {
    return 'hi';
  }
}

/** The request-log lines written while one tools/call is served by an app with `requestLog`. */
async function linesFor(requestLog: 'json' | undefined): Promise<string[]> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(' '));
  });
  const app = new McpApp({ name: 'echo', version: '1.0.0', providers: [Echo], requestLog });
  try {
    const client = await connectInMemory(app);
    await client.callTool('hi', {});
    await client.close();
  } finally {
    spy.mockRestore();
    await app.close();
  }
  return lines.filter((line) => line.includes('tools/call'));
}

describe('DECORUM_REQUEST_LOG', () => {
  const before = process.env.DECORUM_REQUEST_LOG;
  afterEach(() => {
    if (before === undefined) delete process.env.DECORUM_REQUEST_LOG;
    else process.env.DECORUM_REQUEST_LOG = before;
  });

  it("requestLog: 'json' logs each request", async () => {
    delete process.env.DECORUM_REQUEST_LOG;
    const lines = await linesFor('json');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ msg: 'mcp request', method: 'tools/call', name: 'hi' });
  });

  it("off wins over the app's requestLog: 'json'", async () => {
    process.env.DECORUM_REQUEST_LOG = 'off';
    expect(await linesFor('json')).toEqual([]);
  });

  it('pretty turns it on for an app that does not say', async () => {
    process.env.DECORUM_REQUEST_LOG = 'pretty';
    expect(await linesFor(undefined)).toEqual([expect.stringMatching(/^\[mcp\] tools\/call hi .* ok$/)]);
  });
});
