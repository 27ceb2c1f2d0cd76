// `npm run smoke`: drives the weather server with the official MCP client, over stdio (a child
// process) and over Streamable HTTP (in this process), and fails on any wrong answer.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createWeatherApp } from './server.js';

const FORECAST_TEMPLATE = 'weather://forecast/{city}/{date}';

/** A client that records `notifications/resources/updated`; `updated(uri)` resolves once one arrives. */
export function createSmokeClient(): { client: Client; updated: (uri: string) => Promise<void> } {
  const client = new Client({ name: 'weather-smoke', version: '1.0.0' });
  const seen: string[] = [];
  const waiting = new Map<string, () => void>();
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => {
    seen.push(notification.params.uri);
    waiting.get(notification.params.uri)?.();
  });
  const updated = (uri: string) =>
    new Promise<void>((resolve) => {
      if (seen.includes(uri)) resolve();
      else waiting.set(uri, resolve);
    });
  return { client, updated };
}

const textOf = (result: unknown): string => {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  assert.equal(blocks[0]?.type, 'text');
  return blocks[0]?.text ?? '';
};

/** Asserts that a promise rejects with a JSON-RPC error of `code` whose message matches `message`. */
async function rejectsWith(promise: Promise<unknown>, code: number, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: { code?: number; message?: string }) => {
    assert.equal(error.code, code);
    assert.match(error.message ?? '', message);
    return true;
  });
}

/** Every check of the smoke test, against a connected client. */
export async function checkWeather(client: Client, updated: (uri: string) => Promise<void>): Promise<void> {
  const tools = (await client.listTools()).tools;
  assert.deepEqual(
    tools.map((t) => t.name),
    ['weather_current', 'weather_forecast', 'weather_report_alert'],
  );
  const current = tools[0] as { inputSchema: { properties: Record<string, Record<string, unknown>> } };
  assert.deepEqual(current.inputSchema.properties.units?.enum, ['metric', 'imperial', 'kelvin']);
  assert.equal(current.inputSchema.properties.units?.default, 'metric');
  assert.ok((tools[0] as { outputSchema?: unknown }).outputSchema, 'weather_current has an outputSchema');

  const call = (name: string, args: Record<string, unknown>) => client.callTool({ name, arguments: args });
  const paris = await call('weather_current', { location: 'Paris' });
  assert.equal(textOf(paris), 'Paris, FR: 17 °C, cloudy, humidity 68%, wind 13 km/h');
  assert.deepEqual(paris.structuredContent, {
    location: 'Paris',
    country: 'FR',
    temperature: 17,
    temperatureUnit: '°C',
    condition: 'cloudy',
    humidity: 68,
    windSpeed: 13,
    windUnit: 'km/h',
  });
  assert.equal(
    textOf(await call('weather_current', { location: 'new york, us', units: 'imperial' })),
    'New York, US: 64.4 °F, partly cloudy, humidity 62%, wind 11.8 mph',
  );
  assert.equal(
    textOf(await call('weather_current', { location: 'Oslo', units: 'kelvin' })),
    'Oslo, NO: 281.2 K, light snow, humidity 72%, wind 3.9 m/s',
  );
  const unknown = await call('weather_current', { location: 'Atlantis' });
  assert.equal(unknown.isError, true);
  assert.match(textOf(unknown), /^Unknown location "Atlantis". Known cities: Amsterdam, Berlin/);
  const badUnits = await call('weather_current', { location: 'Paris', units: 'celsius' });
  assert.equal(badUnits.isError, true);
  assert.match(textOf(badUnits), /^Invalid arguments for tool "weather_current":\nunits must be one of/);

  // Resources: the fixed alerts feed, and the forecast template.
  assert.deepEqual(
    (await client.listResources()).resources.map((r) => r.uri),
    ['weather://alerts'],
  );
  assert.deepEqual(
    (await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate),
    [FORECAST_TEMPLATE],
  );
  const read = async (uri: string) => {
    const [content] = (await client.readResource({ uri })).contents as { mimeType?: string; text: string }[];
    assert.equal(content?.mimeType, 'application/json');
    return JSON.parse(content?.text ?? 'null');
  };
  const lisbon = await read('weather://forecast/Lisbon/2025-06-01');
  assert.equal(lisbon.city, 'Lisbon');
  assert.equal(lisbon.date, '2025-06-01');
  assert.deepEqual(await read('weather://forecast/Lisbon/2025-06-01'), lisbon, 'forecasts are deterministic');
  assert.equal((await read('weather://forecast/New%20York/2025-12-24')).city, 'New York');
  await rejectsWith(client.readResource({ uri: 'weather://forecast/Paris/2025-6-1' }), -32602, /YYYY-MM-DD/);
  await rejectsWith(client.readResource({ uri: 'weather://forecast/Paris/2025-02-30' }), -32602, /not a calendar date/);
  await rejectsWith(client.readResource({ uri: 'weather://forecast/Atlantis/2025-06-01' }), -32002, /unknown city/);

  // Subscribe to the alerts, report one, and hear about it.
  const before = (await read('weather://alerts')).alerts.length;
  await client.subscribeResource({ uri: 'weather://alerts' });
  const heard = updated('weather://alerts');
  assert.match(
    textOf(await call('weather_report_alert', { city: 'oslo', severity: 'severe', headline: 'Heavy snow overnight' })),
    /^Recorded alert-\d+ \(severe\) for Oslo: Heavy snow overnight$/,
  );
  await heard;
  const alerts = (await read('weather://alerts')).alerts;
  assert.equal(alerts.length, before + 1);
  assert.deepEqual(alerts.at(-1), {
    id: `alert-${before + 1}`,
    city: 'Oslo',
    severity: 'severe',
    headline: 'Heavy snow overnight',
  });
  await client.unsubscribeResource({ uri: 'weather://alerts' });

  // The prompt, and city completion for the prompt and the template.
  const [prompt] = (await client.listPrompts()).prompts;
  assert.equal(prompt?.name, 'weather-briefing');
  assert.deepEqual(
    prompt?.arguments?.map((a) => [a.name, a.required]),
    [
      ['city', true],
      ['date', false],
    ],
  );
  const briefing = await client.getPrompt({
    name: 'weather-briefing',
    arguments: { city: 'Lisbon', date: '2025-06-01' },
  });
  assert.equal(briefing.messages.length, 2);
  const [first] = briefing.messages.map((m) => m.content) as unknown as [{ text: string }];
  assert.match(first.text, /briefing for Lisbon. Current conditions: 22 °C/);
  assert.deepEqual(briefing.messages[1]?.content, {
    type: 'resource',
    resource: {
      uri: 'weather://forecast/Lisbon/2025-06-01',
      mimeType: 'application/json',
      text: JSON.stringify(lisbon),
    },
  });
  await rejectsWith(
    client.getPrompt({ name: 'weather-briefing', arguments: { city: 'Atlantis' } }),
    -32602,
    /Unknown city/,
  );

  const complete = async (
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    value: string,
  ) => (await client.complete({ ref, argument: { name: 'city', value } })).completion.values;
  assert.deepEqual(await complete({ type: 'ref/resource', uri: FORECAST_TEMPLATE }, 'l'), ['Lisbon', 'London']);
  assert.deepEqual(await complete({ type: 'ref/prompt', name: 'weather-briefing' }, 'New'), ['New York']);
  assert.equal((await complete({ type: 'ref/prompt', name: 'weather-briefing' }, '')).length, 14);
}

async function smoke(label: string, transport: Transport): Promise<void> {
  const { client, updated } = createSmokeClient();
  const started = performance.now();
  await client.connect(transport);
  try {
    await checkWeather(client, updated);
  } finally {
    await client.close();
  }
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

// Run when executed as a program (vitest imports checkWeather instead).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await smoke(
    'stdio',
    new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        new URL('./server.ts', import.meta.url).pathname,
        '--stdio',
      ],
      stderr: 'inherit',
    }),
  );
  const app = createWeatherApp();
  const { url } = await app.listen({ http: { port: 0 } });
  try {
    await smoke(`http ${url}`, new StreamableHTTPClientTransport(new URL(String(url))));
  } finally {
    await app.close();
  }
}
