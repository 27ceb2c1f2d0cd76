// Serving the server's stateless requests: each through its era's codec, its result or error framed as the
// JSON-RPC response a peer would send, on the request's own stream. Only requests still running are held (so
// a server closing can end them); one answered in the turn it arrived is never held at all.
import { stepUpOf } from '../jsonrpc/errors.js';
import type { JsonRpcResponse } from '../jsonrpc/types.js';
import type { RequestFacts } from './instrumentation.js';
import { consoleLogger } from './logger.js';
import { isThenable, type MaybePromise } from './maybe-promise.js';
import { toErrorObject } from './peer-types.js';
import type { Router } from './router.js';
import type { StatelessRequest } from './stateless-request.js';
import type { JsonObject } from './types.js';

/** @internal one per server: serves {@link StatelessRequest}s and ends those in flight when it closes. */
export class StatelessRequests {
  private readonly running = new Set<StatelessRequest>();

  constructor(private readonly router: Router) {}

  /** Serves one request; its response (or nothing, once cancelled) goes to its own stream. */
  serve(light: StatelessRequest): void {
    let result: MaybePromise<JsonObject>;
    try {
      result = this.dispatch(light);
    } catch (error) {
      this.failed(light, error);
      return;
    }
    if (!isThenable(result)) {
      this.answered(light, result);
      return;
    }
    this.running.add(light);
    const settled = () => this.running.delete(light);
    Promise.resolve(result)
      .then(
        (value) => this.answered(light, value),
        (error: unknown) => this.failed(light, error),
      )
      .then(settled, settled);
  }

  /** Ends every request still running: their handlers are aborted, their streams answer an error. */
  endAll(): void {
    for (const light of this.running) light.end();
    this.running.clear();
  }

  private dispatch(light: StatelessRequest): MaybePromise<JsonObject> {
    const { instrumentation } = this.router.options;
    if (instrumentation === undefined) return this.router.serve(light, light);
    return instrumentation.request(facts(light), () => this.router.serve(light, light));
  }

  private answered(light: StatelessRequest, result: JsonObject): MaybePromise<void> {
    if (light.cancellation.aborted) return this.sent(light.drop());
    const response: JsonRpcResponse = { jsonrpc: '2.0', id: light.id, result };
    // After progress or log notifications, answer one macrotask later, as a peer does (some clients handle a
    // response before notifications read in the same chunk, and would drop them).
    if (light.notified) {
      return new Promise((resolve) => setTimeout(resolve, 0)).then(() => this.sent(light.deliver(response)));
    }
    return this.sent(light.deliver(response));
  }

  private failed(light: StatelessRequest, error: unknown): MaybePromise<void> {
    if (light.cancellation.aborted) return this.sent(light.drop());
    const { logger, exposeErrors } = this.router.options;
    const errorObject = toErrorObject(error, light.request.method, logger ?? consoleLogger, exposeErrors);
    return this.sent(light.deliver({ jsonrpc: '2.0', id: light.id, error: errorObject }, stepUpOf(errorObject)));
  }

  /** A stream that fails to take the response is logged, as a peer logs a transport that fails to send. */
  private sent(delivered: Promise<void>): MaybePromise<void> {
    return delivered.then(undefined, (error: unknown) =>
      (this.router.options.logger ?? consoleLogger).warn('[decorum] could not send a response', error),
    );
  }
}

function facts(light: StatelessRequest): RequestFacts {
  const { info } = light;
  const sessionId = info?.header ? info.header('mcp-session-id') : info?.request?.headers.get('mcp-session-id');
  return {
    request: light.request,
    info,
    protocolVersion: light.protocolVersion,
    sessionId: sessionId ?? undefined,
    transport: light.transport,
  };
}
