import type { Classified } from '../jsonrpc/codec.js';
import type { StepUp } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';

/** A frame a transport could not turn into a JSON value: the engine answers it with `error` and id null. */
export interface FrameError {
  /** JSON-RPC error code: -32700 for unparsable JSON, -32600 for a frame over the size limit. */
  code: number;
  message: string;
  /** A frame over the limit that was a response: the id it answered, when the frame's ends show it. */
  responseTo?: RequestId;
}

/** Extra facts a transport may use when sending; stream-oriented transports ignore them. */
export interface SendOptions {
  /**
   * The inbound request this message belongs to (a progress or log notification, a server→client
   * request made by a handler, or the response itself). Streamable HTTP routes it to that request's
   * stream; stdio and in-memory ignore it.
   */
  relatedRequestId?: string | number;
  /**
   * Names a broadcast (list_changed, resources/updated) that several server instances may each try
   * to send to the same shared session: a transport over shared storage sends it once per key.
   */
  dedupeKey?: string;
  /** An error response that refuses for want of scopes: what the caller needs (HTTP answers 403). */
  stepUp?: StepUp;
}

/**
 * Where the responses to one inbound message go, when the transport gives each message its own answer (a
 * Streamable HTTP POST: its exchange). The peer hands them here rather than to {@link Transport.send}.
 */
export interface ReplyChannel {
  /** Sends the response (or a batch's responses); `stepUp` comes with an error refused for want of scopes. */
  deliver(message: JsonRpcMessage | JsonRpcMessage[], stepUp?: StepUp): Promise<void>;
}

/** Who sent a message, as the transport authenticated it. */
export interface AuthInfo {
  /** The raw credential (bearer token or API key). */
  token?: string;
  /** The OAuth client or API key owner the credential was issued to. */
  clientId?: string;
  /** The user or service the credential stands for. */
  subject?: string;
  /** Granted scopes. */
  scopes?: string[];
  /** Expiry, seconds since the epoch. */
  expiresAt?: number;
  /** The verified claims of the token (a JWT's payload, or the introspection response). */
  claims?: Record<string, unknown>;
  /** Anything else the authenticator wants handlers to see. */
  extra?: Record<string, unknown>;
}

/** What a transport knows about an inbound message beyond its JSON. */
export interface MessageInfo {
  authInfo?: AuthInfo;
  /**
   * Reads one header of the HTTP request that carried it, without building `request` (which costs a
   * Web `Headers` on the Node path). Transports without it leave it out: read `request` then.
   */
  header?(name: string): string | null;
  /** The HTTP request that carried it, when there was one. */
  request?: { url: string; headers: Headers };
  /**
   * The value already classified by the transport (one entry per message, in order; a single
   * entry for a lone message), so the peer does not classify it again.
   */
  classified?: readonly Classified[];
  /** Where this message's responses go, when not through `send` (see {@link ReplyChannel}). */
  replyTo?: ReplyChannel;
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
  /** How the semantic conventions name the transport (`network.transport`): `pipe` for stdio, `tcp` for HTTP. */
  readonly networkTransport?: 'pipe' | 'tcp';
  /** A JSON value arrived (not yet checked to be JSON-RPC). */
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  /**
   * Ends the connection carrying a request's stream without ending the stream itself, so the
   * client reconnects and resumes (Streamable HTTP, 2025-11-25). Other transports leave it out.
   */
  closeRequestStream?(requestId: string | number): void;
  /**
   * The engine will send no response to this request (it was cancelled): a transport holding a
   * stream open for the answer (a Streamable HTTP POST) ends it instead of waiting forever.
   */
  requestDropped?(requestId: string | number): void;
  /** A frame arrived that is not JSON, or is too large; the connection stays usable. */
  onframeerror?: (error: FrameError) => void;
  /** A transport-level failure (a write error, say). */
  onerror?: (error: Error) => void;
  /** The other side went away, or `close()` was called. */
  onclose?: () => void;
}
