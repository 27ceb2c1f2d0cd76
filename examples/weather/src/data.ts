// The weather "service" of this example: a fixed table of cities and a deterministic generator, so
// every answer is the same on every run and no network is needed.

/** A city the server knows, with its typical conditions. */
export interface City {
  name: string;
  country: string;
  /** Typical temperature, °C. */
  celsius: number;
  humidity: number;
  /** Wind speed, km/h. */
  windKmh: number;
  condition: string;
}

export const CITIES: readonly City[] = [
  { name: 'Amsterdam', country: 'NL', celsius: 14, humidity: 78, windKmh: 22, condition: 'overcast' },
  { name: 'Berlin', country: 'DE', celsius: 16, humidity: 65, windKmh: 15, condition: 'partly cloudy' },
  { name: 'Cairo', country: 'EG', celsius: 31, humidity: 30, windKmh: 12, condition: 'sunny' },
  { name: 'Cape Town', country: 'ZA', celsius: 19, humidity: 70, windKmh: 30, condition: 'windy' },
  { name: 'Lisbon', country: 'PT', celsius: 22, humidity: 60, windKmh: 18, condition: 'sunny' },
  { name: 'London', country: 'GB', celsius: 13, humidity: 80, windKmh: 20, condition: 'light rain' },
  { name: 'Madrid', country: 'ES', celsius: 25, humidity: 40, windKmh: 10, condition: 'clear' },
  { name: 'Mumbai', country: 'IN', celsius: 30, humidity: 85, windKmh: 16, condition: 'humid' },
  { name: 'New York', country: 'US', celsius: 18, humidity: 62, windKmh: 19, condition: 'partly cloudy' },
  { name: 'Oslo', country: 'NO', celsius: 8, humidity: 72, windKmh: 14, condition: 'light snow' },
  { name: 'Paris', country: 'FR', celsius: 17, humidity: 68, windKmh: 13, condition: 'cloudy' },
  { name: 'Reykjavik', country: 'IS', celsius: 5, humidity: 82, windKmh: 35, condition: 'gale' },
  { name: 'Sydney', country: 'AU', celsius: 21, humidity: 64, windKmh: 21, condition: 'sunny' },
  { name: 'Tokyo', country: 'JP', celsius: 20, humidity: 66, windKmh: 11, condition: 'drizzle' },
];

/** Finds a city by name, ignoring case, surrounding spaces and a trailing ", country". */
export function findCity(query: string): City | undefined {
  const name = query.split(',')[0]?.trim().toLowerCase() ?? '';
  return CITIES.find((city) => city.name.toLowerCase() === name);
}

/** City names starting with what the user typed (case-insensitive), for completions. */
export function cityNames(prefix: string): string[] {
  const start = prefix.toLowerCase();
  return CITIES.map((city) => city.name).filter((name) => name.toLowerCase().startsWith(start));
}

export type Units = 'metric' | 'imperial' | 'kelvin';

/** A temperature and a wind speed in the units asked for. */
export function convert(celsius: number, windKmh: number, units: Units) {
  const round = (value: number) => Math.round(value * 10) / 10;
  switch (units) {
    case 'imperial':
      return {
        temperature: round((celsius * 9) / 5 + 32),
        temperatureUnit: '°F',
        windSpeed: round(windKmh / 1.609344),
        windUnit: 'mph',
      };
    case 'kelvin':
      return {
        temperature: round(celsius + 273.15),
        temperatureUnit: 'K',
        windSpeed: round(windKmh / 3.6),
        windUnit: 'm/s',
      };
    default:
      return { temperature: round(celsius), temperatureUnit: '°C', windSpeed: windKmh, windUnit: 'km/h' };
  }
}

const SKIES = ['sunny', 'partly cloudy', 'cloudy', 'showers', 'thunderstorms', 'clear', 'fog'];

/** A small, stable hash of a string (FNV-1a), so a city and a date always give the same forecast. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The forecast of a city on a date: the city's typical weather, varied by a hash of both. */
export function forecast(city: City, date: string) {
  const h = hash(`${city.name}/${date}`);
  const month = Number(date.slice(5, 7));
  // Colder in the local winter: northern cities in December–February, southern ones in June–August.
  const southern = city.name === 'Sydney' || city.name === 'Cape Town';
  const winter = southern ? [6, 7, 8].includes(month) : [12, 1, 2].includes(month);
  const high = city.celsius + (winter ? -8 : 0) + ((h % 7) - 3);
  return {
    city: city.name,
    country: city.country,
    date,
    units: 'metric',
    highCelsius: high,
    lowCelsius: high - 4 - ((h >>> 3) % 5),
    sky: SKIES[(h >>> 6) % SKIES.length] as string,
    precipitationChance: ((h >>> 9) % 11) * 10,
    windKmh: city.windKmh + ((h >>> 13) % 9) - 4,
  };
}

/** Whether a YYYY-MM-DD string names a real calendar day (2025-02-30 does not). */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}
