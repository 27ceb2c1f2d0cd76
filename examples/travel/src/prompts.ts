// plan-vacation: a prompt that sets the model up to plan with this server's tools and resources,
// with the activities that match the traveller's interests embedded.
import { Args, embeddedResource, Field, Prompt } from '@decorum/core';
import { IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { activities, airportOfCity, CATEGORIES, type Category } from './data.js';

export class PlanVacationArgs {
  @Field({ description: 'Where to go (a city)', examples: ['Lisbon'] }) @IsString() @MinLength(1) destination!: string;
  @Field({ description: 'How long, e.g. "5 days"', examples: ['5 days'] }) @IsString() @MinLength(1) duration!: string;
  @Field({ description: 'The total budget, e.g. "2000 EUR"', examples: ['2000 EUR'] })
  @IsString()
  @MinLength(1)
  budget!: string;

  @Field({ description: `Comma-separated interests, e.g. "${CATEGORIES.join(', ')}"` })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  interests?: string;
}

export class TravelPrompts {
  @Prompt({
    name: 'plan-vacation',
    title: 'Plan a vacation',
    description: 'Plans a trip to a destination within a duration and a budget, around the traveller’s interests',
  })
  planVacation(@Args() args: PlanVacationArgs) {
    const interests = (args.interests ?? '')
      .split(',')
      .map((interest) => interest.trim().toLowerCase())
      .filter((interest) => interest.length > 0);
    const code = airportOfCity(args.destination)?.code;
    const flightStep =
      code === undefined
        ? `${args.destination} has no airport in this catalogue: say so and suggest a nearby city that has one.`
        : `Find the flight with find_best_flight (destination ${code}; ask the traveller for their home airport).`;
    const plan = [
      `Plan a vacation in ${args.destination}: ${args.duration}, on a budget of ${args.budget}.`,
      interests.length > 0 ? `The traveller is interested in: ${interests.join(', ')}.` : '',
      `1. Check travel://calendar for trips already booked, and past trips (trips://history/...) for what they enjoyed.`,
      `2. ${flightStep}`,
      `3. Propose a day-by-day plan from the activities below and travel://activities/${args.destination}/{category}.`,
      '4. Keep a running total against the budget, then offer to book with book_trip.',
    ].filter((line) => line.length > 0);
    const embedded = interests
      .filter((interest): interest is Category => (CATEGORIES as readonly string[]).includes(interest))
      .flatMap((category) => {
        const found = activities(args.destination, category);
        if (found === undefined) return [];
        const uri = `travel://activities/${encodeURIComponent(args.destination)}/${category}`;
        const body = { city: args.destination, category, activities: found };
        return [embeddedResource(uri, JSON.stringify(body), 'application/json')];
      });
    return [plan.join('\n'), ...embedded];
  }
}
