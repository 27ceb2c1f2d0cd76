// Core's weather app through @decorum/testing, in both protocol eras: the same assertions hold for
// a legacy session and for stateless 2026-07-28 requests (elicitation answered either way).
import { describe, expect, it } from 'vitest';
import { WeatherApi, WeatherServer } from '../../packages/core/test/fixtures/weather-app.js';
import { createTestClient, override } from '../../packages/testing/src/index.js';

describe.each(['legacy', 'modern'] as const)('weather app with the test client (%s era)', (era) => {
  it('validates, calls, elicits, reads templates, gets prompts and completes', async () => {
    const client = await createTestClient([WeatherServer], {
      era,
      onElicit: () => ({ action: 'accept', content: { confirm: true } }),
      overrides: [override(WeatherApi, { temperature: () => 20 })],
    });
    try {
      expect((await client.listTools()).map((t) => t.name)).toContain('weather_current');
      expect((await client.callTool('weather_current', { location: 'Oslo' })).text).toBe(
        'Current weather in Oslo: 20°C',
      );
      expect((await client.callTool('weather_current', { location: 1 })).isError).toBe(true);
      expect((await client.callTool('forecast', { city: 'Oslo' })).structuredContent).toEqual({
        temperature: 20,
        summary: 'clear over Oslo',
      });
      expect((await client.callTool('confirm')).text).toBe('confirmed=true');
      expect((await client.readResource('weather://forecast/rome')).text).toBe('{"city":"rome","temperature":20}');
      expect((await client.getPrompt('plan', { city: 'Rome' })).text).toContain('Rome');
      const done = await client.complete({ prompt: 'plan' }, { name: 'city', value: 'pa' });
      expect(done.values).toEqual(['paris']);
      expect(await client.toolsSnapshot()).toContain('"weather_current"');
    } finally {
      await client.close();
    }
  });
});
