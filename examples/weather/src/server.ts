// The weather server: current conditions, daily forecasts, an alerts feed clients can subscribe to,
// a briefing prompt and city-name completion, all from local data. Serves Streamable HTTP by default
// (http://127.0.0.1:${PORT:-3000}/mcp), or stdio with --stdio.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { ForecastView } from './forecast-view.js';
import { WeatherPrompts } from './prompts.js';
import { WeatherResources } from './weather-resources.js';
import { WeatherTools } from './weather-tools.js';

/** Builds the app; serve it with `listen`, or drive it in-process with `connect`. */
export function createWeatherApp(): McpApp {
  return new McpApp({
    name: 'decorum-weather',
    version: '0.1.0',
    title: 'Decorum weather',
    instructions:
      'Call weather_current for the conditions in a city, read weather://forecast/{city}/{date} for a day, ' +
      'and subscribe to weather://alerts to hear about new alerts. The data is a fixed local sample.',
    providers: [WeatherTools, WeatherResources, WeatherPrompts, ForecastView],
  });
}

async function main(argv: string[]): Promise<void> {
  const app = createWeatherApp();
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  const port = Number(process.env.PORT ?? 3000);
  // handleSignals: SIGTERM/SIGINT close gracefully and let the process exit.
  const { url } = await app.listen({ http: { port, host: '127.0.0.1', path: '/mcp', handleSignals: true } });
  console.error(`MCP endpoint: ${url}`); // stderr, like every message of this program
}

// Serve when run as a program (not when imported by the smoke test or vitest).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
