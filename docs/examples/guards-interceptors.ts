// @UseGuards and @UseInterceptors: checks and wrappers around calls. Used by docs/guards-interceptors.md.
import 'reflect-metadata';
import {
  Arg,
  type ExecutionContext,
  type Guard,
  type Interceptor,
  McpApp,
  Resource,
  Tool,
  UseGuards,
  UseInterceptors,
  UserError,
} from '@decorum/core';

/** Lets the call through only when the caller's credentials carry a scope. */
export const requireScope =
  (scope: string): Guard =>
  ({ context }) =>
    context.auth?.scopes?.includes(scope) === true;

/** A guard over the arguments (checked against the schema first; guards run before interceptors and the method). */
const notProduction: Guard = ({ args }) => args.environment !== 'production';

/** Records every call that got past the guards; app-wide, so it is the outermost wrapper. */
const auditTrail =
  (log: string[]): Interceptor =>
  async (call, next) => {
    log.push(`${call.kind} ${call.name} by ${call.context.auth?.subject ?? 'anonymous'}`);
    return next();
  };

/** Changes the result: trims a string the method returned. */
const trim: Interceptor = async (_call, next) => {
  const result = await next();
  return typeof result === 'string' ? result.trim() : result;
};

/** Turns a known failure into a message for the model (other errors stay masked). */
const explainTimeouts: Interceptor = async (call: ExecutionContext, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new UserError(`${call.name} timed out; try again in a minute.`);
    }
    throw error;
  }
};

@UseGuards(requireScope('deploy'))
@UseInterceptors(trim)
export class Deployments {
  @Tool({ description: 'Deploys a service to an environment' })
  @UseGuards(notProduction)
  deploy(@Arg('service') service: string, @Arg('environment') environment: string): string {
    return `  deployed ${service} to ${environment}\n`;
  }

  @Tool({ description: 'Checks the deployment pipeline' })
  @UseInterceptors(explainTimeouts)
  pipeline(): string {
    throw Object.assign(new Error('upstream did not answer in 30 s'), { name: 'TimeoutError' });
  }

  @Resource('deploy://log', { name: 'deploy-log', mimeType: 'text/plain' })
  log(): string {
    return 'nothing deployed yet ';
  }
}

export function createApp(auditLog: string[] = []): McpApp {
  return new McpApp({
    name: 'deployments',
    version: '1.0.0',
    providers: [Deployments],
    interceptors: [auditTrail(auditLog)],
  });
}
