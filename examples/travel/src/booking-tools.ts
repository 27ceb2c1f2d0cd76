// book_trip: confirms with the user through elicitation before anything is booked. For 2026-07-28
// clients the handler runs again from the start once the answer arrives, so it asks first and acts
// after: the lookup before the question is read-only, the booking happens once.
import { Args, type Context, Ctx, Field, Tool, ToolError } from '@decorum/core';
import { IsBoolean, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { Service } from 'typedi';
import { airport, findFlight } from './data.js';
import { describeFlight } from './flight-tools.js';
import { type Room, type Seat, TripBook } from './trip-book.js';
import { CALENDAR_URI } from './trip-resources.js';

export class BookTripInput {
  @Field({
    description: 'The flight to book, as find_best_flight or the flights resource names it',
    examples: ['DA123'],
  })
  @Matches(/^[A-Z]{2}\d{3}$/, { message: 'flightNumber must be two letters and three digits, e.g. DA123' })
  flightNumber!: string;

  @Field({ description: 'Day of departure, YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'date must be a date written YYYY-MM-DD' })
  date!: string;

  @Field({ description: 'Nights at the destination' }) @IsInt() @Min(1) @Max(30) nights!: number;
}

/** What the user is asked before booking (a flat DTO: elicitation accepts nothing nested). */
export class BookingPreferences {
  @Field({ title: 'Confirm', description: 'Book this trip?' }) @IsBoolean() confirm!: boolean;

  @Field({ title: 'Seat', description: 'Seat preference' })
  @IsOptional()
  @IsIn(['window', 'aisle', 'middle'])
  seat: Seat = 'window';

  @Field({ title: 'Room', description: 'Hotel room' })
  @IsOptional()
  @IsIn(['single', 'double', 'suite'])
  room: Room = 'double';

  @Field({ title: 'Travel insurance', description: 'Add travel insurance (€35)?' })
  @IsOptional()
  @IsBoolean()
  insurance = false;
}

const ROOM_RATE: Record<Room, number> = { single: 90, double: 120, suite: 260 };
const INSURANCE_EUR = 35;

@Service()
export class BookingTools {
  constructor(private readonly book: TripBook) {}

  @Tool({
    name: 'book_trip',
    title: 'Book a trip',
    description: 'Books a flight and a hotel at the destination, after the user confirms and picks seat and room',
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  })
  async bookTrip(@Args() input: BookTripInput, @Ctx() ctx: Context): Promise<string> {
    const flight = findFlight(input.flightNumber);
    if (flight === undefined) throw new ToolError(`No flight ${input.flightNumber}; find one with find_best_flight.`);
    const city = airport(flight.destination)?.city ?? flight.destination;

    const answer = await ctx.elicit(
      BookingPreferences,
      `Book ${describeFlight(flight)} (${flight.origin} → ${flight.destination}) on ${input.date}, ` +
        `with ${input.nights} nights in ${city}?`,
    );
    if (answer.action !== 'accept' || !answer.data.confirm)
      return `Nothing was booked: the user ${answer.action === 'accept' ? 'did not confirm' : `chose to ${answer.action}`}.`;

    // Only past this point does anything change.
    const { seat, room, insurance } = answer.data;
    const totalEur = flight.priceEur + ROOM_RATE[room] * input.nights + (insurance ? INSURANCE_EUR : 0);
    const booking = this.book.add({
      flightNumber: flight.flightNumber,
      origin: flight.origin,
      destination: flight.destination,
      city,
      date: input.date,
      nights: input.nights,
      seat,
      room,
      insurance,
      totalEur,
    });
    ctx.notifyResourceUpdated(CALENDAR_URI);
    return (
      `Booked ${booking.bookingId}: ${flight.flightNumber} ${flight.origin} → ${flight.destination} on ${input.date}, ` +
      `${seat} seat; ${input.nights} nights in a ${room} room in ${city}; insurance ${insurance ? 'included' : 'declined'}. ` +
      `Total €${totalEur}.`
    );
  }
}
