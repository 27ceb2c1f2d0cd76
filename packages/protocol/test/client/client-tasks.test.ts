// The client's task API against the reference server from npm (server-everything's simulate-research-query, a
// `taskSupport: 'required'` tool whose clarification comes through tasks/result with related-task `_meta`), spawned
// over stdio. Against a Decorum app with `@Tool({ task })` in both eras: test/compose/client-tasks.test.ts.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type McpClient } from '../../src/client.js';
import { StdioClientTransport } from '../../src/client-stdio.js';
import type { JsonObject } from '../../src/index.js';

const everything = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/server-everything/package.json')
  .replace(/package\.json$/, 'dist/index.js');

describe('client tasks against server-everything (2025-11-25, stdio)', () => {
  let client: McpClient;
  const asked: JsonObject[] = [];

  beforeAll(async () => {
    client = await connectClient(
      new StdioClientTransport({ command: process.execPath, args: [everything, 'stdio'], stderr: 'pipe' }),
      {
        handlers: {
          elicitation: (params) => {
            asked.push(params);
            return { action: 'accept', content: { interpretation: 'technical' } };
          },
        },
      },
    );
  });
  afterAll(async () => {
    await client?.close();
  });

  it('simulate-research-query as a task, with and without a clarification', async () => {
    const statuses: string[] = [];
    const plain = await client.callTool(
      'simulate-research-query',
      { topic: 'tides' },
      { task: { onStatus: (t) => statuses.push(t.status) } },
    );
    expect(JSON.stringify(plain.content)).toContain('Research Report: tides');
    expect(statuses[0]).toBe('working');
    const clarified = await client.callTool(
      'simulate-research-query',
      { topic: 'tides', ambiguous: true },
      { task: true },
    );
    expect(asked).toHaveLength(1);
    expect(JSON.stringify(clarified.content)).toContain('tides (technical)');
  }, 30_000);
});
