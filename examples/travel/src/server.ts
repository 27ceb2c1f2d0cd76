// The travel server: flight and activity catalogues, past trips, a calendar, a planning prompt, a
// flight choice made by the client's model (sampling), a booking confirmed by the user
// (elicitation), and loyalty tools that appear at runtime. Serves Streamable HTTP by default
// (http://127.0.0.1:${PORT:-3000}/mcp), or stdio with --stdio.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { BookingTools } from './booking-tools.js';
import { Catalog } from './catalog-resources.js';
import { FlightTools } from './flight-tools.js';
import { LoyaltyEnrollment, RuntimeProviders } from './loyalty.js';
import { TravelPrompts } from './prompts.js';
import { TripResources } from './trip-resources.js';

/** Builds the app; serve it with `listen`, or drive it in-process with `connect`. */
export function createTravelApp(): McpApp {
  const app = new McpApp({
    name: 'decorum-travel',
    version: '0.1.0',
    title: 'Decorum travel',
    instructions:
      'Plan trips with the plan-vacation prompt; read flights and activities from the travel:// templates; ' +
      'find_best_flight asks your model to choose; book_trip asks the user to confirm. The data is a fixed local sample.',
    providers: [FlightTools, BookingTools, LoyaltyEnrollment, Catalog, TripResources, TravelPrompts],
  });
  // travel_enable_loyalty adds providers to this app while it serves.
  app.container.get(RuntimeProviders).attach(app);
  return app;
}

async function main(argv: string[]): Promise<void> {
  const app = createTravelApp();
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  const port = Number(process.env.PORT ?? 3000);
  // handleSignals: SIGTERM/SIGINT close gracefully and let the process exit.
  const { url } = await app.listen({ http: { port, host: '127.0.0.1', path: '/mcp', handleSignals: true } });
  console.error(`MCP endpoint: ${url}`); // stderr, like every message of this program
}

// Serve when run as a program (not when imported by the smoke test or vitest).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
