// find_best_flight: the server holds the flights, the client's model makes the judgement call. The
// tool asks it through sampling (ctx.sample) and checks that the answer names a real flight.
import { Args, type Context, Ctx, Field, Tool, ToolError } from '@decorum/core';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { airport, type Flight, flights } from './data.js';

export type Priority = 'cheapest' | 'fastest' | 'balanced';

export class FindFlightInput {
  @Field({ description: 'IATA code of the departure airport', examples: ['CDG'] })
  @Matches(/^[A-Z]{3}$/, { message: 'origin must be a three-letter IATA airport code, e.g. CDG' })
  origin!: string;

  @Field({ description: 'IATA code of the arrival airport', examples: ['NRT'] })
  @Matches(/^[A-Z]{3}$/, { message: 'destination must be a three-letter IATA airport code, e.g. NRT' })
  destination!: string;

  @Field({ description: 'What matters most' })
  @IsOptional()
  @IsIn(['cheapest', 'fastest', 'balanced'])
  priority: Priority = 'balanced';
}

const hours = (minutes: number) => `${Math.floor(minutes / 60)}h${String(minutes % 60).padStart(2, '0')}`;

/** One line per flight, as the model and the user read it. */
export const describeFlight = (f: Flight) =>
  `${f.flightNumber} ${f.airline}, departs ${f.departs}, arrives ${f.arrives}, ${hours(f.durationMinutes)}, ` +
  `${f.stops === 0 ? 'direct' : `${f.stops} stop`}, €${f.priceEur}`;

/** Without a model to ask: the cheapest, the fastest, or the best price per hour saved. */
function pickLocally(options: Flight[], priority: Priority): Flight {
  const score = (f: Flight) =>
    priority === 'cheapest' ? f.priceEur : priority === 'fastest' ? f.durationMinutes : f.priceEur + f.durationMinutes;
  return [...options].sort((a, b) => score(a) - score(b))[0] as Flight;
}

export class FlightTools {
  @Tool({
    name: 'find_best_flight',
    title: 'Find the best flight',
    description:
      "Lists the flights of a route and asks the client's model (sampling) to choose the best one for the priority",
    annotations: { readOnlyHint: true, openWorldHint: false },
  })
  async findBest(@Args() input: FindFlightInput, @Ctx() ctx: Context): Promise<string> {
    const from = airport(input.origin);
    const to = airport(input.destination);
    if (from === undefined || to === undefined || from === to)
      throw new ToolError(
        `No flights from ${input.origin} to ${input.destination}. Read travel://flights/{origin}/{destination} with known airports.`,
      );
    const options = flights(from, to);
    const header = `Best ${input.priority} flight ${from.code} (${from.city}) → ${to.code} (${to.city})`;
    // Sampling is the client's to offer; without it the tool still answers, by a fixed rule.
    if (ctx.clientCapabilities.sampling === undefined) {
      const chosen = pickLocally(options, input.priority);
      return `${header}: ${describeFlight(chosen)}\nChosen by rule: this client offers no model to ask.`;
    }
    const reply = await ctx.sample(
      `Choose the ${input.priority} flight from ${from.city} to ${to.city}. Answer with its flight number, ` +
        `then one sentence saying why.\n\n${options.map(describeFlight).join('\n')}`,
      {
        maxTokens: 200,
        systemPrompt: 'You are a careful travel agent. Only choose flights from the list.',
        key: 'choose_flight',
      },
    );
    const content = reply.content as { type?: string; text?: string } | undefined;
    const answer = content?.type === 'text' ? (content.text ?? '').trim() : '';
    const chosen = options.find((f) => answer.toUpperCase().includes(f.flightNumber));
    if (chosen === undefined)
      throw new ToolError(
        `The model's answer names none of the flights (${options.map((f) => f.flightNumber).join(', ')}): "${answer}"`,
      );
    return `${header}: ${describeFlight(chosen)}\nWhy (${String(reply.model ?? 'the model')}): ${answer}`;
  }
}
