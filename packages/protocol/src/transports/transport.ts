import type { JsonRpcMessage } from '../jsonrpc/types.js';

/** A frame a transport could not turn into a JSON value: the engine answers it with `error` and id null. */
export interface FrameError {
  /** JSON-RPC error code: -32700 for unparsable JSON, -32600 for a frame over the size limit. */
  code: number;
  message: string;
}

/** Extra facts a transport may use when sending; stream-oriented transports ignore them. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (a progress or log notification, a server→client
   * request made by a handler, or the response itself). Streamable HTTP routes it to that request's
   * stream; stdio and in-memory ignore it.
   */
  relatedRequestId?: string | number;
}

/**
 * The seam between the protocol engine and a byte stream (stdio, HTTP, in-memory). A transport
 * delivers parsed JSON values; checking that they are well-formed JSON-RPC is the engine's job.
 */
export interface Transport {
  /** Starts reading. Called once by the engine after the handlers below are attached. */
  start(): Promise<void>;
  /** Sends one message, or a batch as one frame. */
  send(message: JsonRpcMessage | JsonRpcMessage[], options?: SendOptions): Promise<void>;
  /** Closes the transport; `onclose` fires once. */
  close(): Promise<void>;
  /** A JSON value arrived (not yet checked to be JSON-RPC). */
  onmessage?: (value: unknown) => void;
  /** A frame arrived that is not JSON, or is too large; the connection stays usable. */
  onframeerror?: (error: FrameError) => void;
  /** A transport-level failure (a write error, say). */
  onerror?: (error: Error) => void;
  /** The other side went away, or `close()` was called. */
  onclose?: () => void;
}
