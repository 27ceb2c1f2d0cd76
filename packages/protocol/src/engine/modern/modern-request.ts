import { ErrorCode, McpError } from '../../jsonrpc/errors.js';
import type { ClientCapabilities, Implementation, JsonObject, LoggingLevel } from '../types.js';

/** One request the handler needs the client to answer (elicitation, sampling, roots). */
export interface InputRequest {
  method: 'elicitation/create' | 'sampling/createMessage' | 'roots/list';
  params?: JsonObject;
}

/**
 * Thrown (as a rejection) by `ctx.elicit/createMessage/listRoots` in the modern era when the answer
 * is not there yet: the engine catches it and answers `input_required` with every pending input;
 * the client's retry runs the handler again with the answers. Let it through any `catch` of yours.
 */
export class InputRequiredSignal extends Error {
  constructor() {
    super('Input required from the client (the engine answers input_required and retries)');
    this.name = 'InputRequiredSignal';
  }
}

/** What a modern request carries in its `_meta`, plus the inputs of a multi-round-trip request. */
export class ModernRequest {
  private inputs?: Map<string, InputRequest>;
  private next = 0;

  constructor(
    readonly version: string,
    readonly clientCapabilities: ClientCapabilities,
    readonly clientInfo: Implementation | undefined,
    readonly logLevel: LoggingLevel | undefined,
    /** Answers from earlier rounds and this retry, by key. */
    readonly answers: Record<string, unknown> = {},
  ) {}

  /** Inputs asked for in this run that have no answer yet, by key (made on first use: most requests ask none). */
  get pending(): Map<string, InputRequest> {
    this.inputs ??= new Map();
    return this.inputs;
  }

  /**
   * Returns the answer to the next input of this handler run, or registers it as pending and
   * rejects with {@link InputRequiredSignal}. Keys follow call order unless given, so a handler that
   * asks the same things in the same order on each run gets its earlier answers back.
   */
  async ask(request: InputRequest, key = `input-${this.next++}`): Promise<JsonObject> {
    this.requireCapability(request);
    if (key in this.answers) return this.answers[key] as JsonObject;
    this.pending.set(key, request);
    throw new InputRequiredSignal();
  }

  private requireCapability(request: InputRequest): void {
    const caps = this.clientCapabilities;
    let missing: JsonObject | undefined;
    if (request.method === 'roots/list' && caps.roots === undefined) missing = { roots: {} };
    if (request.method === 'sampling/createMessage') {
      const tools = request.params?.tools !== undefined || request.params?.toolChoice !== undefined;
      if (caps.sampling === undefined) missing = tools ? { sampling: { tools: {} } } : { sampling: {} };
      else if (tools && caps.sampling.tools === undefined) missing = { sampling: { tools: {} } };
    }
    if (request.method === 'elicitation/create') {
      const url = request.params?.mode === 'url';
      const e = caps.elicitation;
      const ok = url ? e?.url !== undefined : e !== undefined && (e.form !== undefined || e.url === undefined);
      if (!ok) missing = { elicitation: url ? { url: {} } : { form: {} } };
    }
    if (missing) {
      throw new McpError(
        ErrorCode.MissingRequiredClientCapability,
        `Missing required client capability: ${Object.keys(missing)[0]}`,
        {
          requiredCapabilities: missing,
        },
      );
    }
  }
}
