// The downstream requests a mount is forwarding, so that what the mounted server asks while one
// runs (sampling, elicitation, roots) is asked of our client on behalf of that request: in the
// legacy era as a request on its session, in the modern era as `input_required` (the engine answers
// it, the client retries, the retry runs the call again and finds the answer).
import { ErrorCode, InputRequiredSignal, type LoggingLevel, McpError, type RequestContext } from '@decorum/protocol';
import type { UpstreamCallOptions, UpstreamHandlers, UpstreamLog } from './mount-types.js';

/** One forwarded request: its context, and how to stop the upstream call when input is required first. */
interface Flight {
  readonly request: RequestContext;
  readonly abort: AbortController;
  inputRequired?: unknown;
}

const isInputRequired = (error: unknown): boolean =>
  error instanceof InputRequiredSignal ||
  (error instanceof Error && (error.name === 'InputRequiredSignal' || error.cause instanceof InputRequiredSignal));

/** Who answers a mounted server outside any call: the app's own clients (see DownstreamSessions). */
export interface OutsideCalls {
  /** The roots of the most recent client that declared roots; undefined when none is connected. */
  roots(): Promise<{ uri: string; name?: string }[] | undefined>;
  log(level: LoggingLevel, data: unknown, logger?: string): void;
  /** Hears when the roots the mounted servers should see changed; returns the function that stops. */
  onRootsChanged(listener: () => void): () => void;
  /** Observes the app's current engine (called at each build: a reload may have swapped it). */
  follow?(): void;
}

/** The requests in flight on one mount. */
export class Flights {
  private readonly active = new Set<Flight>();

  constructor(private readonly outside?: OutsideCalls) {}

  /**
   * The handlers a mount's client is connected with, for the questions it could not tie to one of its requests
   * (a legacy stdio server asking with several calls in flight). Caller-bound: with exactly one call in flight the
   * question is that call's; with several it is refused at once rather than asked of another caller's client (whose
   * answer would reach the wrong call). Roots are also asked by servers on their own, so they are those of the most
   * recent of the app's clients that declared roots (one set per mount); with none, the only call's client's — and
   * always the only call's client's when it is a 2026-07-28 one (it has no session to be asked otherwise).
   */
  readonly handlers: UpstreamHandlers = {
    sampling: (params) => this.ask(this.sole(), (request) => request.createMessage(params)),
    elicitation: (params) => this.ask(this.sole(), (request) => request.elicit(params)),
    roots: async (info) => {
      const flight = this.sole();
      // A 2026-07-28 caller has no session to be asked outside a call: during its only call, the question is its
      // own (answered with its roots, or none at once), never another client's.
      if (!(flight instanceof McpError) && flight.request.modern !== undefined) {
        return this.handlersOf(() => flight).roots(info);
      }
      const outside = await this.outside?.roots();
      if (outside !== undefined) return outside;
      return flight instanceof McpError ? [] : this.handlersOf(() => flight).roots(info);
    },
  };

  /**
   * Runs `call` (the upstream request) as a flight of `request`: cancelled with it, its progress
   * reported on it, and its server→client requests asked on its behalf.
   */
  async run<R>(request: RequestContext, call: (options: UpstreamCallOptions) => Promise<R>): Promise<R> {
    const flight: Flight = { request, abort: new AbortController() };
    this.active.add(flight);
    try {
      return await call({
        signal: AbortSignal.any([request.signal, flight.abort.signal]),
        handlers: this.handlersOf(() => flight),
        onProgress: ({ progress, total, message }) => {
          // Progress that does not increase (a server restarting its count) is dropped, not an error.
          request.progress(progress, total, message).catch(() => undefined);
        },
      });
    } catch (error) {
      if (flight.inputRequired !== undefined) throw flight.inputRequired;
      throw error;
    } finally {
      this.active.delete(flight);
    }
  }

  /**
   * Passes a log message of the mounted server on: during the only call in flight, to that call's client (its log
   * level applies); outside any call, to the app's connected clients. With several calls in flight it cannot be
   * told whose it is, and is not shown to any of them (one caller's log never reaches another).
   */
  log({ level, data, logger }: UpstreamLog): void {
    if (this.active.size === 0) this.outside?.log(level, data, logger);
    else if (this.active.size === 1)
      this.latest()
        ?.request.log(level, data, logger)
        .catch(() => undefined);
  }

  private handlersOf(find: () => Flight | undefined): UpstreamHandlers {
    return {
      sampling: (params) => this.ask(find(), (request) => request.createMessage(params)),
      elicitation: (params) => this.ask(find(), (request) => request.elicit(params)),
      roots: async () => {
        const flight = find();
        // Asked outside any call, and no client of ours with roots: none to give.
        if (flight === undefined) return [];
        // A client without roots has none to give: the mounted server hears "no roots", not an error.
        if (flight.request.clientCapabilities.roots === undefined) return [];
        const answer = await this.ask(flight, (request) => request.listRoots());
        return (answer.roots ?? []) as { uri: string; name?: string }[];
      },
    };
  }

  private latest(): Flight | undefined {
    let latest: Flight | undefined;
    for (const flight of this.active) latest = flight;
    return latest;
  }

  /** The only call in flight, which a question that says nothing of its call belongs to; an error otherwise. */
  private sole(): Flight | McpError {
    if (this.active.size === 1) return this.latest() as Flight;
    if (this.active.size === 0) {
      return new McpError(ErrorCode.InvalidRequest, 'No request is in flight to ask the client on behalf of');
    }
    return new McpError(
      ErrorCode.InvalidRequest,
      'Several calls are in flight on this mount and the question does not say which one it belongs to: it is refused rather than asked of another caller',
    );
  }

  private async ask<R>(
    flight: Flight | McpError | undefined,
    asking: (request: RequestContext) => Promise<R>,
  ): Promise<R> {
    if (flight instanceof McpError) throw flight;
    if (flight === undefined) {
      throw new McpError(ErrorCode.InvalidRequest, 'No request is in flight to ask the client on behalf of');
    }
    try {
      return await asking(flight.request);
    } catch (error) {
      if (isInputRequired(error)) {
        // The modern client answers input_required first: stop the upstream call; the retry runs it again.
        flight.inputRequired = error;
        flight.abort.abort(error);
        // The mounted server hears a plain protocol error (its call is being cancelled anyway).
        throw new McpError(ErrorCode.InternalError, 'The client answers this first; the call will be retried');
      }
      throw error;
    }
  }
}
