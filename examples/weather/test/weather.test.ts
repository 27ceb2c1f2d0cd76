import type { McpApp } from '@decorum/core';
import { createTestClient, ERAS } from '@decorum/testing';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createWeatherApp } from '../src/server.js';
import { checkWeather, createSmokeClient } from '../src/smoke.js';

// The smoke checks, written once and run over each transport.
const apps: McpApp[] = [];
const transports: Record<string, () => Promise<Transport>> = {
  stdio: async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts', '--stdio'],
      cwd: new URL('..', import.meta.url).pathname,
    }),
  'streamable HTTP': async () => {
    const app = createWeatherApp();
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    return new StreamableHTTPClientTransport(new URL(String(url)));
  },
};

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.each(Object.keys(transports))('examples/weather over %s with the official client', (name) => {
  it('answers every smoke check', async () => {
    const { client, updated } = createSmokeClient();
    await client.connect(await (transports[name] as () => Promise<Transport>)());
    try {
      await checkWeather(client, updated);
    } finally {
      await client.close();
    }
  });
});

describe.each(ERAS)('examples/weather in the %s era (@decorum/testing)', (era) => {
  it('reports current weather, with structured output and errors the model can act on', async () => {
    const client = await createTestClient(createWeatherApp(), { era });
    const tokyo = await client.callTool('weather_current', { location: 'Tokyo', units: 'imperial' });
    expect(tokyo).toMatchObject({
      isError: false,
      text: 'Tokyo, JP: 68 °F, drizzle, humidity 66%, wind 6.8 mph',
      structuredContent: { location: 'Tokyo', temperature: 68, temperatureUnit: '°F', windUnit: 'mph' },
    });
    expect(await client.callTool('weather_current', {})).toMatchObject({
      isError: true,
      text: expect.stringMatching(/location/),
    });
    await client.close();
  });

  it('serves forecasts behind a validated template', async () => {
    const client = await createTestClient(createWeatherApp(), { era });
    const forecast = JSON.parse((await client.readResource('weather://forecast/Sydney/2025-07-15')).text);
    expect(forecast).toMatchObject({ city: 'Sydney', date: '2025-07-15', units: 'metric' });
    expect(forecast.lowCelsius).toBeLessThan(forecast.highCelsius);
    await expect(client.readResource('weather://forecast/Sydney/15-07-2025')).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('tells subscribers when an alert is reported', async () => {
    const client = await createTestClient(createWeatherApp(), { era });
    const sub = await client.subscribe('weather://alerts');
    const result = await client.callTool('weather_report_alert', {
      city: 'Cairo',
      severity: 'extreme',
      headline: 'Sandstorm this afternoon',
    });
    expect(result).toMatchObject({
      isError: false,
      text: 'Recorded alert-2 (extreme) for Cairo: Sandstorm this afternoon',
    });
    await sub.waitFor('notifications/resources/updated');
    expect(JSON.parse((await client.readResource('weather://alerts')).text).alerts).toHaveLength(2);
    expect(client.logs).toEqual([
      { level: 'notice', logger: 'alerts', data: 'extreme alert for Cairo: Sandstorm this afternoon' },
    ]);
    await sub.close();
    await client.close();
  });

  it('completes city names and builds the briefing prompt', async () => {
    const client = await createTestClient(createWeatherApp(), { era });
    expect(
      await client.complete({ resource: 'weather://forecast/{city}/{date}' }, { name: 'city', value: 'c' }),
    ).toMatchObject({ values: ['Cairo', 'Cape Town'] });
    expect(await client.complete({ prompt: 'weather-briefing' }, { name: 'city', value: 'ams' })).toMatchObject({
      values: ['Amsterdam'],
    });
    const prompt = await client.getPrompt('weather-briefing', { city: 'Berlin' });
    expect(prompt.messages).toHaveLength(1);
    expect(prompt.text).toMatch(/^Write a three-sentence weather briefing for Berlin/);
    await client.close();
  });
});
