// The same server as a decorated class, its zod schema kept: the end point of docs/migrating-from-the-sdk.md.
import 'reflect-metadata';
import { McpApp, Tool } from '@decorum/core';
import * as z from 'zod';

const forecastInput = z.object({
  city: z.string().min(1).describe('City name'),
  days: z.number().int().min(1).max(7).optional(),
});

export class Forecasts {
  @Tool({ name: 'forecast', description: 'The forecast for a city', input: forecastInput })
  forecast({ city, days }: z.infer<typeof forecastInput>) {
    return `${city}: sunny for ${days ?? 1} day(s)`;
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'forecasts', version: '1.0.0', providers: [Forecasts] });
}
