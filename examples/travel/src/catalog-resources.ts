// The catalogue: flights per route and activities per city and category, behind URI templates whose
// variables are validated as DTOs, with completions for every variable.
import { Args, Complete, ErrorCode, Field, McpError, ResourceTemplate } from '@decorum/core';
import { IsIn, IsString, Matches, MinLength } from 'class-validator';
import { ACTIVITY_CITIES, activities, airport, CATEGORIES, type Category, completeAirport, flights } from './data.js';

export const FLIGHTS_TEMPLATE = 'travel://flights/{origin}/{destination}';
export const ACTIVITIES_TEMPLATE = 'travel://activities/{city}/{category}';

export class Route {
  @Field({ description: 'IATA code of the departure airport' })
  @Matches(/^[A-Z]{3}$/, { message: 'origin must be a three-letter IATA airport code, e.g. CDG' })
  origin!: string;

  @Field({ description: 'IATA code of the arrival airport' })
  @Matches(/^[A-Z]{3}$/, { message: 'destination must be a three-letter IATA airport code, e.g. NRT' })
  destination!: string;
}

export class ActivityRef {
  @Field({ description: 'A city' }) @IsString() @MinLength(1) city!: string;
  @Field({ description: 'What kind of activity' }) @IsIn(CATEGORIES) category!: Category;
}

export class Catalog {
  @ResourceTemplate(FLIGHTS_TEMPLATE, {
    name: 'flights',
    title: 'Flights on a route',
    description: 'The daily flights between two airports (IATA codes), with times, stops and prices in EUR',
    mimeType: 'application/json',
  })
  flights(@Args() route: Route) {
    const uri = `travel://flights/${route.origin}/${route.destination}`;
    const from = airport(route.origin);
    const to = airport(route.destination);
    if (from === undefined || to === undefined) {
      const unknown = from === undefined ? route.origin : route.destination;
      throw new McpError(ErrorCode.ResourceNotFound, `No airport ${unknown} in the catalogue`, { uri });
    }
    if (from === to)
      throw new McpError(ErrorCode.InvalidParams, `Invalid resource URI ${uri}:\norigin and destination are the same`, {
        uri,
      });
    return { origin: from, destination: to, flights: flights(from, to) };
  }

  @ResourceTemplate(ACTIVITIES_TEMPLATE, {
    name: 'activities',
    title: 'Things to do',
    description: `Activities in a city, by category (${CATEGORIES.join(', ')})`,
    mimeType: 'application/json',
  })
  activities(@Args() ref: ActivityRef) {
    const found = activities(ref.city, ref.category);
    if (found === undefined) {
      const uri = `travel://activities/${encodeURIComponent(ref.city)}/${ref.category}`;
      throw new McpError(
        ErrorCode.ResourceNotFound,
        `No activities for "${ref.city}"; try ${ACTIVITY_CITIES.join(', ')}`,
        {
          uri,
        },
      );
    }
    return { city: ref.city, category: ref.category, activities: found };
  }

  @Complete({ template: FLIGHTS_TEMPLATE, argument: 'origin' })
  completeOrigin(value: string): string[] {
    return completeAirport(value);
  }

  // The destination never equals the origin already chosen.
  @Complete({ template: FLIGHTS_TEMPLATE, argument: 'destination' })
  completeDestination(value: string, context: { arguments: Record<string, string> }): string[] {
    return completeAirport(value).filter((code) => code !== context.arguments.origin?.toUpperCase());
  }

  @Complete({ template: ACTIVITIES_TEMPLATE, argument: 'city' })
  @Complete({ prompt: 'plan-vacation', argument: 'destination' })
  completeCity(value: string): string[] {
    return ACTIVITY_CITIES.filter((city) => city.toLowerCase().startsWith(value.toLowerCase()));
  }

  @Complete({ template: ACTIVITIES_TEMPLATE, argument: 'category' })
  completeCategory(value: string): string[] {
    return CATEGORIES.filter((category) => category.startsWith(value.toLowerCase()));
  }
}
