// The traveller's own resources: past trips (listed through the template's `list` method) and the
// calendar of upcoming bookings, which subscribers hear about when book_trip adds one.
import { ErrorCode, McpError, Param, Resource, ResourceTemplate } from '@decorum/core';
import { Service } from 'typedi';
import { PAST_TRIPS } from './data.js';
import { TripBook } from './trip-book.js';

export const CALENDAR_URI = 'travel://calendar';

@Service()
export class TripResources {
  constructor(private readonly book: TripBook) {}

  @ResourceTemplate('trips://history/{tripId}', {
    name: 'past-trip',
    title: 'A past trip',
    description: 'What a past trip cost, who went and what they liked',
    mimeType: 'application/json',
    list: 'listPastTrips',
  })
  pastTrip(@Param('tripId') tripId: string) {
    const trip = PAST_TRIPS.find((t) => t.tripId === tripId);
    if (trip === undefined)
      throw new McpError(ErrorCode.ResourceNotFound, `No past trip ${tripId}`, { uri: `trips://history/${tripId}` });
    return trip;
  }

  // Named by the `list` option: each past trip appears in resources/list.
  listPastTrips() {
    return PAST_TRIPS.map((trip) => ({
      uri: `trips://history/${trip.tripId}`,
      title: `${trip.destination}, ${trip.from} to ${trip.to}`,
    }));
  }

  @Resource(CALENDAR_URI, {
    name: 'calendar',
    title: 'Travel calendar',
    description: 'Upcoming booked trips, soonest first; subscribe to hear about new bookings',
    mimeType: 'application/json',
  })
  calendar() {
    return { upcoming: this.book.upcoming() };
  }
}
