// Cloudflare Workers forbid generating code from strings, which Ajv needs to compile a plain JSON Schema input;
// there the schema is interpreted instead (@cfworker/json-schema) with Ajv's issues. Node's
// --disallow-code-generation-from-strings is the same restriction: the app starts under it and the official client
// gets the answer for good arguments and the validation message for bad ones (docs/deploy.md).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const SERVER = fileURLToPath(new URL('./fixtures/workers-no-eval/server.ts', import.meta.url));

describe('a JSON Schema input where code generation is forbidden', () => {
  const client = new Client({ name: 'no-eval-test', version: '1.0.0' });

  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--disallow-code-generation-from-strings',
        '--conditions=@decorum/source',
        '--import',
        join(REPO_ROOT, 'packages/cli/loader/register.mjs'),
        SERVER,
      ],
      cwd: REPO_ROOT,
      stderr: 'pipe',
    });
    await client.connect(transport);
  }, 30_000);

  afterAll(() => client.close());

  it('lists the schema and calls the tool with good arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'save')?.inputSchema).toMatchObject({
      type: 'object',
      required: ['name'],
    });
    const result = await client.callTool({ name: 'save', arguments: { name: 'Ada' } });
    expect(result.isError).toBeFalsy();
    expect(result.content).toEqual([{ type: 'text', text: 'saved Ada (3 days)' }]);
  });

  it("answers bad arguments with Ajv's messages, each field once", async () => {
    const result = await client.callTool({ name: 'save', arguments: { days: 0, extra: true } });
    expect(result.isError).toBe(true);
    expect(result.content).toEqual([
      {
        type: 'text',
        text: 'Invalid arguments for tool "save":\nname is required\nunknown field "extra"\ndays must be >= 1',
      },
    ]);
  });
});
