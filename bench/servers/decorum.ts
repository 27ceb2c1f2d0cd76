// Decorum: the same tool as a decorated class with a class-validator DTO. The harness compiles
// this file with SWC (decorator metadata on) into bench/.build/decorum.mjs, which imports the
// built packages (dist/), as a published app would. `--schema=zod|valibot|arktype|json` (cpu-cost.mjs --schemas)
// describe the measured tool with a zod 4, valibot or arktype schema or a JSON Schema instead (each loads only then).
import 'reflect-metadata';
import { Args, Field, McpApp, type SchemaSource, Tool } from '@decorum/core';
import { createLinkedTransports } from '@decorum/protocol';
import { IsIn, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { DESCRIPTION, forecastText, isMain, parseArgs, ready, toolNames } from '../servers/common.mjs';

export class ForecastInput {
  @Field({ description: 'City name' })
  @IsString()
  @MinLength(1)
  city!: string;

  @Field({ description: 'Number of days' })
  @IsInt()
  @Min(1)
  @Max(14)
  days!: number;

  @Field({ description: 'Unit system' })
  @IsIn(['metric', 'imperial'])
  units!: string;
}

class Weather {
  @Tool({ description: DESCRIPTION })
  forecast(@Args() input: ForecastInput) {
    return forecastText(input);
  }
}

/**
 * Loads a schema library at run time from node_modules. The specifier is a variable so that `decorum build` leaves
 * the library out of the bundle: the DTO app that the cold-start and every other row measure carries no schema
 * library, as a DTO-only app would not (issue 40: cold start unchanged for DTO-only apps).
 */
const load = <T>(specifier: string): Promise<T> => import(specifier) as Promise<T>;

/** The measured tool described by a schema value rather than the DTO: the same checks, the same answers. */
async function schemaInput(kind: string | undefined): Promise<SchemaSource | undefined> {
  if (kind === 'zod') {
    const z = await load<typeof import('zod')>('zod');
    return z.strictObject({
      city: z.string().min(1).describe('City name'),
      days: z.number().int().min(1).max(14).describe('Number of days'),
      units: z.enum(['metric', 'imperial']).describe('Unit system'),
    });
  }
  if (kind === 'valibot') {
    const v = await load<typeof import('valibot')>('valibot');
    const { toStandardJsonSchema } = await load<typeof import('@valibot/to-json-schema')>('@valibot/to-json-schema');
    return toStandardJsonSchema(
      v.strictObject({
        city: v.pipe(v.string(), v.minLength(1), v.description('City name')),
        days: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(14), v.description('Number of days')),
        units: v.pipe(v.picklist(['metric', 'imperial']), v.description('Unit system')),
      }),
    );
  }
  if (kind === 'arktype') {
    const { type } = await load<typeof import('arktype')>('arktype');
    return type({
      '+': 'reject',
      city: type('string > 0').describe('City name'),
      days: type('1 <= number.integer <= 14').describe('Number of days'),
      units: type("'metric' | 'imperial'").describe('Unit system'),
    });
  }
  if (kind === 'json') {
    return {
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 1, description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 14, description: 'Number of days' },
        units: { enum: ['metric', 'imperial'], description: 'Unit system' },
      },
      required: ['city', 'days', 'units'],
      additionalProperties: false,
    };
  }
  return undefined;
}

/** The measured tool with a schema input, decorated programmatically. */
function schemaWeather(input: SchemaSource) {
  class SchemaWeather {
    forecast(args: ForecastInput) {
      return forecastText(args);
    }
  }
  const descriptor = Object.getOwnPropertyDescriptor(SchemaWeather.prototype, 'forecast') as PropertyDescriptor;
  Tool({ description: DESCRIPTION, input })(SchemaWeather.prototype, 'forecast', descriptor);
  return SchemaWeather;
}

/** One class holding the filler tools for the tools/list sizes, decorated programmatically. */
function fillers(count: number) {
  class Fillers {}
  for (const name of toolNames(count).slice(1)) {
    const method = (input: ForecastInput) => forecastText(input);
    Object.defineProperty(Fillers.prototype, name, { value: method, configurable: true, writable: true });
    const descriptor = Object.getOwnPropertyDescriptor(Fillers.prototype, name) as PropertyDescriptor;
    Tool({ description: DESCRIPTION })(Fillers.prototype, name, descriptor);
    Args(ForecastInput)(Fillers.prototype, name, 0);
  }
  return Fillers;
}

export function createApp(toolCount: number, input?: SchemaSource): McpApp {
  const measured = input === undefined ? Weather : schemaWeather(input);
  const providers = toolCount > 1 ? [measured, fillers(toolCount)] : [measured];
  // Set by bench/servers/otel-setup.mjs (cpu-cost.mjs --telemetry), which registers the OpenTelemetry SDK.
  const telemetry = process.env.DECORUM_BENCH_TELEMETRY === '1';
  return new McpApp({ name: 'decorum', version: '1.0.0', providers, telemetry });
}

export async function inMemory(toolCount: number) {
  const [client, server] = createLinkedTransports();
  await createApp(toolCount).connect(server);
  return client;
}

if (isMain(import.meta.url)) {
  const args = parseArgs();
  const schema = process.argv.find((arg) => arg.startsWith('--schema='))?.slice('--schema='.length);
  const app = createApp(args.tools, await schemaInput(schema));
  if (args.http) {
    const { url } = await app.listen({ http: { port: 0, stateless: args.stateless } });
    ready(String(url));
  } else {
    await app.listen({ stdio: true });
    ready();
  }
}
