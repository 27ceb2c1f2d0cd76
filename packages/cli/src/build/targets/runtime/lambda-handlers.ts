// The Lambda target's handlers. With response streaming (`awslambda.streamifyResponse`, which the
// Node.js runtime provides and lambda-local polyfills), each chunk the endpoint writes — SSE events
// of a tool's progress included — reaches the client as it is written; without it, the response is
// read whole and returned (Lambda's buffered mode, 6 MB at most).
import {
  bufferedResult,
  eventRequest,
  type FunctionUrlEvent,
  type FunctionUrlResult,
  responseHead,
} from './lambda-url.js';

/** The Node writable Lambda hands a streaming handler (the part used here). */
export interface LambdaResponseStream {
  write(chunk: Uint8Array): boolean;
  end(): void;
  once(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  off?(event: 'drain' | 'close' | 'error', listener: () => void): unknown;
  readonly destroyed?: boolean;
}

type StreamingHandler = (event: FunctionUrlEvent, stream: LambdaResponseStream, context: unknown) => Promise<void>;

/** The `awslambda` global of the Node.js runtime (the part used here). */
export interface AwsLambdaGlobal {
  streamifyResponse(handler: StreamingHandler): (event: FunctionUrlEvent, context: unknown) => Promise<unknown>;
  HttpResponseStream: {
    from(
      stream: LambdaResponseStream,
      metadata: { statusCode: number; headers: Record<string, string>; cookies?: string[] },
    ): LambdaResponseStream;
  };
}

/** What the generated entry exports. */
export interface LambdaHandlers {
  /** Streams where the runtime can (InvokeMode RESPONSE_STREAM), else buffers. */
  handler: (event: FunctionUrlEvent, context: unknown) => Promise<unknown>;
  /** Always buffers (InvokeMode BUFFERED). */
  bufferedHandler: (event: FunctionUrlEvent) => Promise<FunctionUrlResult>;
}

/** Resolves once `stream` can take more, or has closed (then writing stops). */
function drained(stream: LambdaResponseStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off?.('drain', done);
      stream.off?.('close', done);
      stream.off?.('error', done);
      resolve();
    };
    stream.once('drain', done);
    stream.once('close', done);
    stream.once('error', done);
  });
}

/** Copies the response's body to the Lambda stream as it comes, waiting whenever the stream is full. */
async function pipe(response: Response, stream: LambdaResponseStream): Promise<void> {
  const reader = response.body?.getReader();
  try {
    while (reader !== undefined) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!stream.write(value)) await drained(stream);
      if (stream.destroyed === true) {
        await reader.cancel(); // the client went away: end the response's work (its SSE stream) too
        break;
      }
    }
  } finally {
    stream.end();
  }
}

/**
 * The Lambda handlers for a target's Fetch handler; `awslambda` is the runtime's global (undefined
 * where there is none: then `handler` buffers too).
 * @example
 * export const { handler, bufferedHandler } = lambdaHandlers(fetch, globalThis.awslambda);
 */
export function lambdaHandlers(
  fetch: (request: Request) => Promise<Response>,
  awslambda: AwsLambdaGlobal | undefined,
): LambdaHandlers {
  const bufferedHandler = async (event: FunctionUrlEvent) => bufferedResult(await fetch(eventRequest(event)));
  if (awslambda === undefined || typeof awslambda.streamifyResponse !== 'function') {
    return { handler: bufferedHandler, bufferedHandler };
  }
  const handler = awslambda.streamifyResponse(async (event, responseStream) => {
    const response = await fetch(eventRequest(event));
    await pipe(response, awslambda.HttpResponseStream.from(responseStream, responseHead(response)));
  });
  return { handler, bufferedHandler };
}
