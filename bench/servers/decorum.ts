// Decorum: the same tool as a decorated class with a class-validator DTO. The harness compiles
// this file with SWC (decorator metadata on) into bench/.build/decorum.mjs, which imports the
// built packages (dist/), as a published app would.
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
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

export function createApp(toolCount: number): McpApp {
  const providers = toolCount > 1 ? [Weather, fillers(toolCount)] : [Weather];
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
  const app = createApp(args.tools);
  if (args.http) {
    const { url } = await app.listen({ http: { port: 0, stateless: args.stateless } });
    ready(String(url));
  } else {
    await app.listen({ stdio: true });
    ready();
  }
}
