// The prompt: a briefing for one city, with today's conditions and the day's forecast embedded so
// the model starts from the data.
import { Args, ErrorCode, embeddedResource, Field, McpError, Prompt } from '@decorum/core';
import { IsOptional, IsString, Matches, MinLength } from 'class-validator';
import { CITIES, convert, findCity, forecast, isCalendarDate } from './data.js';

export class BriefingArgs {
  @Field({ description: 'The city to brief on', examples: ['Lisbon'] }) @IsString() @MinLength(1) city!: string;

  @Field({ description: 'The day to include a forecast for, YYYY-MM-DD (optional)' })
  @IsOptional()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date written YYYY-MM-DD' })
  date?: string;
}

export class WeatherPrompts {
  @Prompt({
    name: 'weather-briefing',
    title: 'Weather briefing',
    description: 'A short weather briefing for a city, written from the current conditions and a forecast',
  })
  briefing(@Args() args: BriefingArgs) {
    const city = findCity(args.city);
    if (city === undefined) {
      const known = CITIES.map((c) => c.name).join(', ');
      throw new McpError(ErrorCode.InvalidParams, `Unknown city "${args.city}". Known cities: ${known}.`, {
        city: args.city,
      });
    }
    const now = convert(city.celsius, city.windKmh, 'metric');
    const messages: unknown[] = [
      `Write a three-sentence weather briefing for ${city.name}. Current conditions: ${now.temperature} ${now.temperatureUnit}, ` +
        `${city.condition}, humidity ${city.humidity}%, wind ${now.windSpeed} ${now.windUnit}.`,
    ];
    if (args.date !== undefined && isCalendarDate(args.date)) {
      const uri = `weather://forecast/${encodeURIComponent(city.name)}/${args.date}`;
      messages.push(embeddedResource(uri, JSON.stringify(forecast(city, args.date)), 'application/json'));
    }
    return messages;
  }
}
