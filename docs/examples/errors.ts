// The two kinds of error: results the model can act on, and protocol/startup errors. Used by docs/errors.md.
import 'reflect-metadata';
import {
  Arg,
  DecorumStartupError,
  ErrorCode,
  McpApp,
  type McpAppOptions,
  McpError,
  Resource,
  Tool,
  UserError,
} from '@decorum/core';

const CITIES = new Map([
  ['oslo', 4],
  ['lima', 19],
]);

export class Weather {
  // UserError: the message goes to the model as an isError result, word for word.
  @Tool({ description: 'Current temperature of a city' })
  temperature(@Arg('city') city: string): string {
    const celsius = CITIES.get(city.toLowerCase());
    if (celsius === undefined) throw new UserError(`No city named "${city}"; try one of: ${[...CITIES.keys()]}.`);
    return `${celsius} °C`;
  }

  // Any other error: logged on the server, masked as "Internal error" for the model.
  @Tool({ description: 'Refreshes the cache' })
  refresh(): string {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 (user=weather password=…)');
  }

  // McpError: a JSON-RPC error response instead of a result, for protocol-level failures.
  @Tool({ description: 'A tool only newer clients may call' })
  modern(): string {
    throw new McpError(ErrorCode.InvalidRequest, 'This tool needs a newer client', { minimum: '2025-06-18' });
  }

  // Resources and prompts have no isError result: throw McpError to choose the code.
  @Resource('weather://alerts', { name: 'alerts', mimeType: 'application/json' })
  alerts(): never {
    throw new McpError(ErrorCode.ResourceNotFound, 'No alerts feed configured', { uri: 'weather://alerts' });
  }
}

// `exposeErrors: true` sends every error's own message (development only); `logger` receives the masked ones.
export function createApp(options: Pick<McpAppOptions, 'exposeErrors' | 'logger'> = {}): McpApp {
  return new McpApp({ name: 'weather', version: '1.0.0', providers: [Weather], ...options });
}

// A mistake in the classes fails `new McpApp(...)`: every startup error is a DecorumStartupError with a code.
export class Broken {
  @Tool() undocumented(): string {
    return 'models pick tools by their descriptions';
  }
}

export function startBroken(): string {
  try {
    new McpApp({ name: 'broken', version: '1.0.0', providers: [Broken] });
    return 'started';
  } catch (error) {
    if (error instanceof DecorumStartupError) return `${error.code}: ${error.message}`;
    throw error;
  }
}
