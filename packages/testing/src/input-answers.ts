import { ErrorCode, type JsonObject, McpError } from '@decorum/protocol';
import type { CreateMessageParams, ElicitRequestParams, ResolvedOptions, Root } from './test-client-options.js';

/** A question the server put to the client: elicitation, sampling or roots (either era). */
export interface InputRequestRecord {
  method: string;
  params: JsonObject;
}

/** The handlers that answer the server's questions, and the roots (which a test may change). */
export interface InputAnswerer {
  /** Every question asked so far, in order. */
  readonly asked: InputRequestRecord[];
  answer(method: string, params: JsonObject | undefined): Promise<JsonObject>;
  setRoots(roots: Root[]): void;
}

/**
 * Answers elicitation, sampling and roots with the test's handlers. The same answers serve both
 * eras: legacy server→client requests and modern `input_required` inputs.
 */
export function createInputAnswerer(options: ResolvedOptions): InputAnswerer {
  const asked: InputRequestRecord[] = [];
  let roots = options.roots;
  const missing = (what: string, option: string) =>
    new McpError(
      ErrorCode.MethodNotFound,
      `The test client cannot answer ${what}: give createTestClient an \`${option}\` option`,
    );
  return {
    asked,
    setRoots(next) {
      roots = next;
    },
    async answer(method, params = {}) {
      if (method === 'ping') return {};
      asked.push({ method, params });
      switch (method) {
        case 'roots/list':
          if (roots === undefined) throw missing('roots/list', 'roots');
          return { roots: roots.map((r) => ({ ...r })) };
        case 'elicitation/create': {
          if (options.onElicit === undefined) throw missing('elicitation/create', 'onElicit');
          return { ...(await options.onElicit(params as ElicitRequestParams)) };
        }
        case 'sampling/createMessage': {
          if (options.onSample === undefined) throw missing('sampling/createMessage', 'onSample');
          const reply = await options.onSample(params as CreateMessageParams);
          return typeof reply === 'string'
            ? { role: 'assistant', model: 'test-model', content: { type: 'text', text: reply } }
            : { ...reply };
        }
        default:
          throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${method}`);
      }
    },
  };
}
