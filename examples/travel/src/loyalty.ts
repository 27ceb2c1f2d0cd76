// Tools that appear at runtime: travel_enable_loyalty adds the LoyaltyTools provider with app.add(),
// and every connected client gets notifications/tools/list_changed.
import { Arg, type Class, type McpApp, Tool, ToolError } from '@decorum/core';
import { Service } from 'typedi';
import { TripBook } from './trip-book.js';

/** Adds providers to the running app; the app is attached once it is built (see createTravelApp). */
@Service()
export class RuntimeProviders {
  private app: McpApp | undefined;

  attach(app: McpApp): void {
    this.app = app;
  }

  /** Serves `provider` from now on; false when it already was. */
  add(provider: Class): boolean {
    if (this.app === undefined) throw new Error('RuntimeProviders is not attached to an app');
    if (this.app.manifest.tools.some((tool) => tool.provider === provider)) return false;
    this.app.add(provider);
    return true;
  }
}

const tier = (points: number) => (points >= 1000 ? 'gold' : points >= 500 ? 'silver' : 'member');

/** The loyalty programme's tools, served only once a member enrols. */
@Service()
export class LoyaltyTools {
  constructor(private readonly book: TripBook) {}

  @Tool({
    name: 'travel_loyalty_status',
    title: 'Loyalty status',
    description: 'Loyalty points and tier (one point per €10 booked)',
    annotations: { readOnlyHint: true },
  })
  status(): string {
    const points = this.book.points();
    return `${points} points, ${tier(points)} tier`;
  }

  @Tool({
    name: 'travel_loyalty_redeem',
    title: 'Redeem points',
    description: 'Turns loyalty points into a voucher (100 points = €10)',
  })
  redeem(@Arg('points', { description: 'How many points, a multiple of 100' }) points: number): string {
    if (!Number.isInteger(points) || points <= 0 || points % 100 !== 0)
      throw new ToolError(`points must be a positive multiple of 100, not ${points}`);
    const balance = this.book.points();
    if (points > balance) throw new ToolError(`Only ${balance} points available`);
    return `Voucher ${this.book.redeem(points)} worth €${points / 10}; ${balance - points} points left`;
  }
}

@Service()
export class LoyaltyEnrollment {
  constructor(private readonly providers: RuntimeProviders) {}

  @Tool({
    name: 'travel_enable_loyalty',
    title: 'Join the loyalty programme',
    description: 'Enrols the traveller in the loyalty programme, which adds the travel_loyalty_* tools',
    annotations: { readOnlyHint: false, idempotentHint: true },
  })
  enable(): string {
    const added = this.providers.add(LoyaltyTools);
    return added
      ? 'Loyalty programme enabled: travel_loyalty_status and travel_loyalty_redeem are now available.'
      : 'Loyalty programme already enabled.';
  }
}
