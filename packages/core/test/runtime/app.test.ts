// A decorated app driven by the official SDK client over in-memory transports.

import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ElicitRequestSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { IsString } from 'class-validator';
import { afterEach, describe, expect, it } from 'vitest';
import { Arg, type McpApp, Tool, TypediContainer } from '../../src/index.js';
import { createWeatherApp, WeatherApi } from '../fixtures/weather-app.js';

const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function connect(app: McpApp, version?: string) {
  apps.push(app);
  const client = new Client({ name: 'test', version: '1' }, { capabilities: { elicitation: {} } });
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { confirm: true } }));
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  if (version) {
    const send = clientSide.send.bind(clientSide);
    clientSide.send = (m) => {
      const msg = m as { method?: string; params?: object };
      return send(
        msg.method === 'initialize' ? ({ ...msg, params: { ...msg.params, protocolVersion: version } } as never) : m,
      );
    };
  }
  await client.connect(clientSide as unknown as SdkTransport);
  return client;
}

describe('McpApp with decorated providers', () => {
  it('lists tools sorted, with schemas from DTOs and @Arg, annotations and output schema', async () => {
    const client = await connect(createWeatherApp());
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['broken', 'confirm', 'forecast', 'refuse', 'reset', 'weather_current']);
    const current = tools.find((t) => t.name === 'weather_current');
    expect(current?.annotations).toEqual({ readOnlyHint: true });
    expect(current?.inputSchema).toMatchObject({
      type: 'object',
      properties: { location: { type: 'string', minLength: 2 }, units: { enum: ['metric', 'imperial'] } },
      required: ['location'],
    });
    const forecast = tools.find((t) => t.name === 'forecast');
    expect(forecast?.inputSchema).toMatchObject({
      properties: { city: { type: 'string', description: 'City name' }, days: { type: 'number' } },
      required: ['city'],
      additionalProperties: false,
    });
    expect(forecast?.outputSchema).toMatchObject({ properties: { temperature: { type: 'number' } } });
  });

  it('validates input into the DTO, injects services and context, and reports progress and logs', async () => {
    const client = await connect(createWeatherApp());
    const progress: number[] = [];
    const result = await client.callTool({ name: 'weather_current', arguments: { location: 'Paris' } }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(result.content).toEqual([{ type: 'text', text: 'Current weather in Paris: 15°C' }]);
    expect(progress).toEqual([1]);
  });

  it('answers bad input with an isError result naming each field', async () => {
    const client = await connect(createWeatherApp());
    const result = await client.callTool({
      name: 'weather_current',
      arguments: { location: 'P', units: 'kelvin', x: 1 },
    });
    expect(result.isError).toBe(true);
    const message = (result.content as { text: string }[])[0]?.text ?? '';
    expect(message).toMatch(/location/);
    expect(message).toMatch(/units/);
    expect(message).toMatch(/x/);
    const missing = await client.callTool({ name: 'forecast', arguments: {} });
    expect((missing.content as { text: string }[])[0]?.text).toMatch(/city is required/);
  });

  it('returns structured content with an output schema, masks unexpected errors, passes ToolError messages', async () => {
    const client = await connect(createWeatherApp({ logger: { warn: () => undefined, error: () => undefined } }));
    const forecast = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2 } });
    expect(forecast.structuredContent).toEqual({ temperature: 14, summary: 'clear over Oslo' });
    expect(forecast.content).toEqual([{ type: 'text', text: '{"temperature":14,"summary":"clear over Oslo"}' }]);
    const broken = await client.callTool({ name: 'broken', arguments: {} });
    expect(broken).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Internal error' }] });
    const refused = await client.callTool({ name: 'refuse', arguments: {} });
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'No such city; try another name.' }] });
  });

  it('elicits typed, validated data from the client', async () => {
    const client = await connect(createWeatherApp());
    expect((await client.callTool({ name: 'confirm', arguments: {} })).content).toEqual([
      { type: 'text', text: 'confirmed=true' },
    ]);
  });

  it('refuses a guarded tool without the scope', async () => {
    const client = await connect(createWeatherApp());
    expect(await client.callTool({ name: 'reset', arguments: {} })).toMatchObject({ isError: true });
  });

  it('serves resources, templates (with listed instances), prompts and completions', async () => {
    const client = await connect(createWeatherApp());
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'weather://stations',
      'weather://forecast/paris',
      'weather://forecast/oslo',
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      { uriTemplate: 'weather://forecast/{city}', name: 'city-forecast', mimeType: 'application/json' },
    ]);
    const read = await client.readResource({ uri: 'weather://forecast/rome' });
    expect(read.contents).toEqual([
      { uri: 'weather://forecast/rome', mimeType: 'application/json', text: '{"city":"rome","temperature":12}' },
    ]);
    await expect(client.readResource({ uri: 'weather://nowhere' })).rejects.toMatchObject({ code: -32002 });
    const prompt = await client.getPrompt({ name: 'plan', arguments: { city: 'Oslo' } });
    expect(prompt.messages).toEqual([
      { role: 'user', content: { type: 'text', text: 'Plan a two-day trip to Oslo.' } },
    ]);
    const { prompts } = await client.listPrompts();
    expect(prompts[0]?.arguments).toEqual([{ name: 'city', description: 'Where to', required: true }]);
    const completed = await client.complete({
      ref: { type: 'ref/resource', uri: 'weather://forecast/{city}' },
      argument: { name: 'city', value: 'p' },
    });
    expect(completed.completion).toEqual({ values: ['paris', 'prague', 'porto'], total: 3, hasMore: false });
    const forPrompt = await client.complete({
      ref: { type: 'ref/prompt', name: 'plan' },
      argument: { name: 'city', value: 'o' },
    });
    expect(forPrompt.completion.values).toEqual(['oslo']);
  });

  it('uses the container: a service can be replaced by a fake', async () => {
    const container = new TypediContainer();
    container.set(WeatherApi, { temperature: () => 99 } as WeatherApi);
    const client = await connect(createWeatherApp({ container }));
    const result = await client.callTool({ name: 'weather_current', arguments: { location: 'Paris' } });
    expect(result.content).toEqual([{ type: 'text', text: 'Current weather in Paris: 99°C' }]);
  });

  it('adds and removes providers at runtime and tells clients the list changed', async () => {
    class Extra {
      @Tool({ description: 'An extra tool' })
      extra() {
        return 'extra';
      }
    }
    const app = createWeatherApp();
    const client = await connect(app);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    app.add(Extra);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('extra');
    app.remove(Extra);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('extra');
    await client.ping();
    expect(changed).toBe(2);
  });

  it('shapes schemas per revision: draft-07 for 2025-06-18 clients, 2020-12 for 2025-11-25', async () => {
    class Dto {
      @IsString() name!: string;
    }
    class P {
      @Tool({ description: 'd' })
      t(@Arg('x', { type: Dto }) x: Dto) {
        return x.name;
      }
    }
    const old = await connect(createWeatherApp({ providers: [P] }), '2025-06-18');
    const modern = await connect(createWeatherApp({ providers: [P] }));
    const oldSchema = (await old.listTools()).tools[0]?.inputSchema as unknown as {
      properties: { x: Record<string, unknown> };
    };
    const newSchema = (await modern.listTools()).tools[0]?.inputSchema as { $schema?: string };
    expect(oldSchema.properties.x).toMatchObject({ type: 'object', properties: { name: { type: 'string' } } });
    expect(JSON.stringify(oldSchema)).not.toContain('2020-12');
    expect(newSchema.$schema ?? '').not.toContain('draft-07');
  });
});
