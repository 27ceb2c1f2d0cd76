// The travel "back office" of this example: airports, generated flights, activities and past trips.
// Everything is local and deterministic, so every run gives the same answers.

export interface Airport {
  code: string;
  city: string;
  country: string;
  lat: number;
  lon: number;
}

export const AIRPORTS: readonly Airport[] = [
  { code: 'BCN', city: 'Barcelona', country: 'ES', lat: 41.3, lon: 2.08 },
  { code: 'CDG', city: 'Paris', country: 'FR', lat: 49.01, lon: 2.55 },
  { code: 'FCO', city: 'Rome', country: 'IT', lat: 41.8, lon: 12.25 },
  { code: 'JFK', city: 'New York', country: 'US', lat: 40.64, lon: -73.78 },
  { code: 'KEF', city: 'Reykjavik', country: 'IS', lat: 63.98, lon: -22.6 },
  { code: 'LHR', city: 'London', country: 'GB', lat: 51.47, lon: -0.45 },
  { code: 'LIS', city: 'Lisbon', country: 'PT', lat: 38.77, lon: -9.13 },
  { code: 'NRT', city: 'Tokyo', country: 'JP', lat: 35.77, lon: 140.39 },
];

export const airport = (code: string) => AIRPORTS.find((a) => a.code === code.toUpperCase());
export const airportOfCity = (city: string) => AIRPORTS.find((a) => a.city.toLowerCase() === city.trim().toLowerCase());

/** Airport codes and city names starting with what the user typed, for completions. */
export function completeAirport(prefix: string): string[] {
  const start = prefix.toLowerCase();
  return AIRPORTS.filter((a) => a.code.toLowerCase().startsWith(start) || a.city.toLowerCase().startsWith(start)).map(
    (a) => a.code,
  );
}

export interface Flight {
  flightNumber: string;
  airline: string;
  origin: string;
  destination: string;
  departs: string;
  arrives: string;
  durationMinutes: number;
  stops: number;
  priceEur: number;
}

const AIRLINES = [
  { code: 'DA', name: 'Decorum Air' },
  { code: 'PX', name: 'Protocol Express' },
  { code: 'SK', name: 'Schema Skies' },
];

/** FNV-1a: a small, stable hash, so a route always gets the same flights. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Great-circle distance in km. */
function distanceKm(a: Airport, b: Airport): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The three daily flights of a route: one per airline, with a direct, a cheap one-stop and a late one. */
export function flights(origin: Airport, destination: Airport): Flight[] {
  const km = distanceKm(origin, destination);
  const seed = hash(`${origin.code}-${destination.code}`);
  // Unique per route and airline, so a flight number alone names a flight.
  const route = AIRPORTS.indexOf(origin) * AIRPORTS.length + AIRPORTS.indexOf(destination);
  return AIRLINES.map((airline, i) => {
    const stops = i === 1 ? 1 : 0;
    const durationMinutes = Math.round((km / 800) * 60 + 40 + stops * 110 + ((seed >>> (i * 4)) % 30));
    const departure = 6 * 60 + i * 300 + ((seed >>> (i * 5)) % 12) * 5;
    const priceEur = Math.round(km * (0.11 - stops * 0.03) + 60 + ((seed >>> (i * 3)) % 80) - i * 10);
    return {
      flightNumber: `${airline.code}${100 + route * 13 + i * 4}`,
      airline: airline.name,
      origin: origin.code,
      destination: destination.code,
      departs: clock(departure),
      arrives: clock(departure + durationMinutes),
      durationMinutes,
      stops,
      priceEur,
    };
  });
}

/** Finds a flight by its number on any route. */
export function findFlight(flightNumber: string): Flight | undefined {
  const wanted = flightNumber.trim().toUpperCase();
  for (const origin of AIRPORTS) {
    for (const destination of AIRPORTS) {
      if (origin === destination) continue;
      const found = flights(origin, destination).find((f) => f.flightNumber === wanted);
      if (found) return found;
    }
  }
  return undefined;
}

export const CATEGORIES = ['culture', 'food', 'outdoors', 'nightlife'] as const;
export type Category = (typeof CATEGORIES)[number];

const ACTIVITIES: Record<string, Record<Category, string[]>> = {
  Barcelona: {
    culture: ['Sagrada Família', 'Picasso Museum'],
    food: ['La Boqueria market', 'Tapas in El Born'],
    outdoors: ['Park Güell', 'Barceloneta beach'],
    nightlife: ['Flamenco in the Gothic Quarter'],
  },
  Lisbon: {
    culture: ['Jerónimos Monastery', 'Tile Museum'],
    food: ['Pastéis de Belém', 'Time Out Market'],
    outdoors: ['Sintra day trip', 'Cascais coast walk'],
    nightlife: ['Fado in Alfama', 'Bairro Alto bars'],
  },
  London: {
    culture: ['British Museum', 'Tate Modern'],
    food: ['Borough Market', 'Brick Lane curry'],
    outdoors: ['Hampstead Heath', 'Thames Path'],
    nightlife: ['West End show', 'Shoreditch bars'],
  },
  'New York': {
    culture: ['The Met', 'MoMA'],
    food: ['Chelsea Market', 'Pizza in Brooklyn'],
    outdoors: ['Central Park', 'High Line'],
    nightlife: ['Jazz in the Village', 'Broadway'],
  },
  Paris: {
    culture: ['Louvre', "Musée d'Orsay"],
    food: ['Marché des Enfants Rouges', 'Bistro lunch in Le Marais'],
    outdoors: ['Seine bike ride', 'Jardin du Luxembourg'],
    nightlife: ['Cabaret in Montmartre'],
  },
  Reykjavik: {
    culture: ['Harpa concert hall', 'National Museum'],
    food: ['Baejarins hot dogs', 'Seafood at the old harbour'],
    outdoors: ['Golden Circle', 'Northern lights tour', 'Blue Lagoon'],
    nightlife: ['Laugavegur pubs'],
  },
  Rome: {
    culture: ['Colosseum', 'Vatican Museums'],
    food: ['Trastevere trattorias', 'Campo de’ Fiori market'],
    outdoors: ['Appian Way by bike', 'Villa Borghese'],
    nightlife: ['Aperitivo in Monti'],
  },
  Tokyo: {
    culture: ['Senso-ji', 'teamLab Planets'],
    food: ['Tsukiji outer market', 'Ramen in Shinjuku'],
    outdoors: ['Mount Takao', 'Shinjuku Gyoen'],
    nightlife: ['Golden Gai', 'Shibuya crossing at night'],
  },
};

/** The activities of a city in one category, or undefined for a city the catalogue does not cover. */
export function activities(city: string, category: Category): string[] | undefined {
  const key = Object.keys(ACTIVITIES).find((name) => name.toLowerCase() === city.trim().toLowerCase());
  return key === undefined ? undefined : ACTIVITIES[key]?.[category];
}

export const ACTIVITY_CITIES = Object.keys(ACTIVITIES);

export interface PastTrip {
  tripId: string;
  destination: string;
  from: string;
  to: string;
  travelers: number;
  spentEur: number;
  highlights: string[];
  rating: number;
}

export const PAST_TRIPS: readonly PastTrip[] = [
  {
    tripId: 'T2023-LIS',
    destination: 'Lisbon',
    from: '2023-04-12',
    to: '2023-04-18',
    travelers: 2,
    spentEur: 1840,
    highlights: ['Fado in Alfama', 'Sintra day trip'],
    rating: 5,
  },
  {
    tripId: 'T2024-NRT',
    destination: 'Tokyo',
    from: '2024-03-28',
    to: '2024-04-09',
    travelers: 1,
    spentEur: 3920,
    highlights: ['Cherry blossoms in Shinjuku Gyoen', 'teamLab Planets'],
    rating: 5,
  },
  {
    tripId: 'T2024-KEF',
    destination: 'Reykjavik',
    from: '2024-11-02',
    to: '2024-11-06',
    travelers: 2,
    spentEur: 2610,
    highlights: ['Northern lights tour'],
    rating: 4,
  },
];
