// A decorated app over real transports with the official client: the same suite over stdio and HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import { createWeatherApp } from '../../packages/core/test/fixtures/weather-app.js';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

function suite(label: string, open: () => Promise<SdkTransport>) {
  describe(`weather app over ${label}`, () => {
    let client: Client;
    beforeEach(async () => {
      client = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: {} } });
      client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { confirm: false } }));
      await client.connect(await open());
    });
    afterEach(() => client.close());

    it('lists and calls tools with DTO validation and structured output', async () => {
      expect((await client.listTools()).tools).toHaveLength(6);
      expect((await client.callTool({ name: 'weather_current', arguments: { location: 'Rome' } })).content).toEqual([
        { type: 'text', text: 'Current weather in Rome: 12°C' },
      ]);
      expect(await client.callTool({ name: 'weather_current', arguments: { location: 7 } })).toMatchObject({
        isError: true,
      });
      expect((await client.callTool({ name: 'forecast', arguments: { city: 'Rome' } })).structuredContent).toEqual({
        temperature: 12,
        summary: 'clear over Rome',
      });
    });

    it('elicits, reads templated resources, gets prompts and completes', async () => {
      expect((await client.callTool({ name: 'confirm', arguments: {} })).content).toEqual([
        { type: 'text', text: 'confirmed=false' },
      ]);
      expect((await client.readResource({ uri: 'weather://forecast/lima' })).contents[0]).toMatchObject({
        text: '{"city":"lima","temperature":12}',
      });
      expect((await client.getPrompt({ name: 'plan', arguments: { city: 'Lima' } })).messages).toHaveLength(1);
      const completed = await client.complete({
        ref: { type: 'ref/prompt', name: 'plan' },
        argument: { name: 'city', value: 'pr' },
      });
      expect(completed.completion.values).toEqual(['prague']);
    });
  });
}

suite('stdio', async () => {
  const { command, args } = tsCommand('packages/core/test/fixtures/weather-stdio.ts');
  return new StdioClientTransport({ command, args, cwd: REPO_ROOT });
});

let app: McpApp;
let url: URL;
beforeAll(async () => {
  app = createWeatherApp();
  url = (await app.listen({ http: { port: 0 } })).url as URL;
});
afterAll(() => app.close());
suite('Streamable HTTP', async () => new StreamableHTTPClientTransport(url));
