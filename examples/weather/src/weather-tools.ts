// The tools: current conditions (with structured output), and reporting an alert, which tells the
// clients subscribed to `weather://alerts` to read it again.
import { Args, type Context, Ctx, Field, Tool, ToolError, text } from '@decorum/core';
import { IsIn, IsNumber, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { Service } from 'typedi';
import { AlertBoard, type Severity } from './alerts.js';
import { CITIES, convert, findCity, type Units } from './data.js';

export const ALERTS_URI = 'weather://alerts';

export class CurrentWeatherInput {
  @Field({ description: 'A city name, e.g. "Paris" or "New York, US"', examples: ['Paris'] })
  @IsString()
  @MinLength(1)
  location!: string;

  @Field({ description: 'metric (°C, km/h), imperial (°F, mph) or kelvin (K, m/s)' })
  @IsOptional()
  @IsIn(['metric', 'imperial', 'kelvin'])
  units: Units = 'metric';
}

/** The structured result of `weather_current` (its `outputSchema`). */
export class CurrentWeather {
  @Field({ description: 'The city' }) @IsString() location!: string;
  @Field({ description: 'ISO 3166 country code' }) @IsString() country!: string;
  @IsNumber() temperature!: number;
  @Field({ description: '°C, °F or K' }) @IsString() temperatureUnit!: string;
  @IsString() condition!: string;
  @Field({ description: 'Relative humidity, %' }) @IsNumber() humidity!: number;
  @IsNumber() windSpeed!: number;
  @Field({ description: 'km/h, mph or m/s' }) @IsString() windUnit!: string;
}

export class ReportAlertInput {
  @Field({ description: 'The city the alert is for', examples: ['Oslo'] }) @IsString() city!: string;

  @Field({ description: 'How serious it is' })
  @IsIn(['minor', 'moderate', 'severe', 'extreme'])
  severity!: Severity;

  @Field({ description: 'One line describing the hazard', examples: ['Heavy snow overnight'] })
  @IsString()
  @MinLength(3)
  @MaxLength(200)
  headline!: string;
}

/** The message the model gets for a city this server does not know. */
function unknownCity(query: string): ToolError {
  const known = CITIES.map((city) => city.name).join(', ');
  return new ToolError(`Unknown location "${query}". Known cities: ${known}.`);
}

@Service()
export class WeatherTools {
  constructor(private readonly alerts: AlertBoard) {}

  @Tool({
    name: 'weather_current',
    title: 'Current weather',
    description: 'Current conditions in a city: temperature, sky, humidity and wind, in the units asked for',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    output: CurrentWeather,
  })
  current(@Args() input: CurrentWeatherInput) {
    const city = findCity(input.location);
    if (city === undefined) throw unknownCity(input.location);
    const measured = convert(city.celsius, city.windKmh, input.units);
    const weather: CurrentWeather = {
      location: city.name,
      country: city.country,
      temperature: measured.temperature,
      temperatureUnit: measured.temperatureUnit,
      condition: city.condition,
      humidity: city.humidity,
      windSpeed: measured.windSpeed,
      windUnit: measured.windUnit,
    };
    const summary =
      `${city.name}, ${city.country}: ${weather.temperature} ${weather.temperatureUnit}, ${weather.condition}, ` +
      `humidity ${weather.humidity}%, wind ${weather.windSpeed} ${weather.windUnit}`;
    return { content: [text(summary)], structuredContent: { ...weather } };
  }

  @Tool({
    name: 'weather_report_alert',
    title: 'Report a weather alert',
    description: 'Adds an alert to weather://alerts; clients subscribed to it are told to read it again',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  })
  async reportAlert(@Args() input: ReportAlertInput, @Ctx() ctx: Context): Promise<string> {
    const city = findCity(input.city);
    if (city === undefined) throw unknownCity(input.city);
    const alert = this.alerts.add(city.name, input.severity, input.headline);
    ctx.notifyResourceUpdated(ALERTS_URI);
    await ctx.log.notice(`${alert.severity} alert for ${alert.city}: ${alert.headline}`, 'alerts');
    return `Recorded ${alert.id} (${alert.severity}) for ${alert.city}: ${alert.headline}`;
  }
}
