// The traveller's state: upcoming bookings (the calendar) and loyalty points. Shared by the booking
// tool, the calendar resource and the loyalty tools; one instance per app, made by its container.
import { Service } from 'typedi';

export type Seat = 'window' | 'aisle' | 'middle';
export type Room = 'single' | 'double' | 'suite';

/** One booked trip, as the calendar lists it. */
export interface Booking {
  bookingId: string;
  flightNumber: string;
  origin: string;
  destination: string;
  city: string;
  date: string;
  nights: number;
  seat: Seat;
  room: Room;
  insurance: boolean;
  totalEur: number;
}

const WELCOME_POINTS = 250;

@Service()
export class TripBook {
  private readonly bookings: Booking[] = [];
  private redeemed = 0;
  private vouchers = 0;

  /** Upcoming trips, soonest first. */
  upcoming(): Booking[] {
    return [...this.bookings].sort((a, b) => a.date.localeCompare(b.date) || a.bookingId.localeCompare(b.bookingId));
  }

  /** Records a booking and gives it the next id. */
  add(booking: Omit<Booking, 'bookingId'>): Booking {
    const booked = { bookingId: `BK-${1001 + this.bookings.length}`, ...booking };
    this.bookings.push(booked);
    return booked;
  }

  /** Loyalty points: a welcome bonus plus one point per €10 booked, minus what was redeemed. */
  points(): number {
    const earned = this.bookings.reduce((sum, b) => sum + Math.floor(b.totalEur / 10), 0);
    return WELCOME_POINTS + earned - this.redeemed;
  }

  /** Spends points on a voucher and returns its code. */
  redeem(points: number): string {
    this.redeemed += points;
    this.vouchers += 1;
    return `VOUCHER-${String(this.vouchers).padStart(3, '0')}-${points}`;
  }
}
