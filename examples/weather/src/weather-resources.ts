// The resources: a forecast per city and date behind a URI template (its variables validated as a
// DTO), the subscribable alerts feed, and the completion of city names.
import { Args, Complete, ErrorCode, Field, McpError, Resource, ResourceTemplate } from '@decorum/core';
import { IsString, Matches, MinLength } from 'class-validator';
import { Service } from 'typedi';
import { AlertBoard } from './alerts.js';
import { cityNames, findCity, forecast, isCalendarDate } from './data.js';
import { ALERTS_URI } from './weather-tools.js';

export const FORECAST_TEMPLATE = 'weather://forecast/{city}/{date}';

/** The variables of `weather://forecast/{city}/{date}`, validated like tool arguments. */
export class ForecastRef {
  @Field({ description: 'A city name' }) @IsString() @MinLength(1) city!: string;

  @Field({ description: 'The day, as YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date written YYYY-MM-DD' })
  date!: string;
}

@Service()
export class WeatherResources {
  constructor(private readonly alerts: AlertBoard) {}

  @ResourceTemplate(FORECAST_TEMPLATE, {
    name: 'forecast',
    title: 'Daily forecast',
    description: 'The forecast of a city for one day (YYYY-MM-DD): high, low, sky, precipitation and wind',
    mimeType: 'application/json',
  })
  forecast(@Args() ref: ForecastRef) {
    const uri = `weather://forecast/${encodeURIComponent(ref.city)}/${ref.date}`;
    // The pattern lets 2025-02-30 through; the calendar does not.
    if (!isCalendarDate(ref.date))
      throw new McpError(ErrorCode.InvalidParams, `Invalid resource URI ${uri}:\n${ref.date} is not a calendar date`, {
        uri,
      });
    const city = findCity(ref.city);
    if (city === undefined)
      throw new McpError(ErrorCode.ResourceNotFound, `No forecast for "${ref.city}": unknown city`, { uri });
    return forecast(city, ref.date);
  }

  @Resource(ALERTS_URI, {
    name: 'alerts',
    title: 'Weather alerts',
    description: 'Active weather alerts; subscribe to hear when one is added',
    mimeType: 'application/json',
  })
  alertsFeed() {
    return { alerts: this.alerts.list() };
  }

  // One method serves the template's city variable and the prompt's city argument.
  @Complete({ template: FORECAST_TEMPLATE, argument: 'city' })
  @Complete({ prompt: 'weather-briefing', argument: 'city' })
  completeCity(value: string): string[] {
    return cityNames(value);
  }
}
