// The forecast as an MCP App: `weather_forecast` returns a text summary (what every host shows the
// model) and the days as structuredContent, and links to ui://weather/forecast.html, a view that
// draws them and switches units by calling the tool again through the host.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Args, Field, Tool, ToolError, text, UiResource } from '@decorum/core';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import { CITIES, convert, findCity, forecast, type Units } from './data.js';

export const FORECAST_VIEW = 'ui://weather/forecast.html';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BUNDLE = `${ROOT}dist/ui/forecast.html`;

export class ForecastInput {
  @Field({ description: 'A city name, e.g. "Lisbon"', examples: ['Lisbon'] })
  @IsString()
  @MinLength(1)
  city!: string;

  @Field({ description: 'How many days, from today (1–7)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(7)
  days = 5;

  @Field({ description: 'metric (°C) or imperial (°F)' })
  @IsOptional()
  @IsIn(['metric', 'imperial'])
  units: Units = 'metric';
}

export class ForecastView {
  @Tool({
    name: 'weather_forecast',
    title: 'Forecast',
    description: 'Daily forecast for a city (high, low, sky, chance of rain); hosts with MCP Apps show it as a chart',
    annotations: { readOnlyHint: true, openWorldHint: false },
    ui: FORECAST_VIEW,
  })
  forecast(@Args() input: ForecastInput) {
    const city = findCity(input.city);
    if (city === undefined) {
      throw new ToolError(`Unknown city "${input.city}". Known: ${CITIES.map((c) => c.name).join(', ')}.`);
    }
    const start = Date.UTC(2025, 6, 1); // the sample's "today", so every run gives the same days
    const days = Array.from({ length: input.days }, (_, i) => {
      const date = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      const day = forecast(city, date);
      const high = convert(day.highCelsius, day.windKmh, input.units);
      const low = convert(day.lowCelsius, day.windKmh, input.units);
      return { date, high: high.temperature, low: low.temperature, sky: day.sky, rain: day.precipitationChance };
    });
    const unit = input.units === 'imperial' ? '°F' : '°C';
    const summary = days.map((d) => `${d.date}: ${d.low}–${d.high} ${unit}, ${d.sky}, rain ${d.rain}%`).join('\n');
    return {
      content: [text(`Forecast for ${city.name}, ${city.country}:\n${summary}`)],
      structuredContent: { city: city.name, country: city.country, units: input.units, unit, days },
    };
  }

  @UiResource(FORECAST_VIEW, {
    name: 'weather-forecast-view',
    title: 'Forecast chart',
    description: 'Bars of daily highs and lows, with a °C/°F switch',
    prefersBorder: true,
  })
  async view(): Promise<string> {
    // `decorum build` / `decorum dev` bundle ui/forecast.html into dist/ui/; this example also runs
    // straight from its sources (npm run serve), so it bundles the view itself the first time.
    if (!existsSync(BUNDLE)) {
      const { bundleUi } = await import('@decorum/cli');
      await bundleUi({ root: ROOT });
    }
    return readFile(BUNDLE, 'utf8');
  }
}
