import { createTestClient, ERAS } from '@decorum/testing';
import { describe, expect, it } from 'vitest';
import { FORECAST_VIEW } from '../src/forecast-view.js';
import { createWeatherApp } from '../src/server.js';

const appsHost = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } };

describe.each(ERAS)('examples/weather forecast view (%s era)', (era) => {
  it('links weather_forecast to its view for MCP Apps hosts and serves the view as one HTML file', async () => {
    const client = await createTestClient(createWeatherApp(), { era, capabilities: appsHost });
    const tool = (await client.listTools()).find((t) => t.name === 'weather_forecast');
    expect(tool?._meta?.ui).toEqual({ resourceUri: FORECAST_VIEW });
    const view = await client.readResource(FORECAST_VIEW);
    expect(view.contents[0]).toMatchObject({ uri: FORECAST_VIEW, mimeType: 'text/html;profile=mcp-app' });
    expect(view.contents[0]?._meta).toEqual({ ui: { prefersBorder: true } });
    expect(view.text).toContain('weather_forecast'); // the view's script, inlined
    expect(view.text).not.toMatch(/<script[^>]*\ssrc=/);
    await client.close();
  }, 60_000);

  it('gives a host without MCP Apps a readable text forecast, and the days as structured content', async () => {
    const client = await createTestClient(createWeatherApp(), { era });
    const tool = (await client.listTools()).find((t) => t.name === 'weather_forecast');
    expect(tool?._meta).toBeUndefined();
    const result = await client.callTool('weather_forecast', { city: 'Lisbon', days: 3 });
    expect(result.isError).toBe(false);
    expect(result.text).toMatch(/^Forecast for Lisbon, PT:\n2025-07-01: -?\d+–-?\d+ °C, [a-z ]+, rain \d+%\n/);
    expect((result.structuredContent as { days: unknown[] }).days).toHaveLength(3);
    const unknown = await client.callTool('weather_forecast', { city: 'Atlantis' });
    expect(unknown).toMatchObject({ isError: true });
    await client.close();
  });
});
