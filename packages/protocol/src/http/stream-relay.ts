// The seam between a session's streams and the scale-out: what an HTTP session asks of the cluster side
// of its streams (types only; `@decorum/protocol/scale-out` implements them).
import type { JsonRpcMessage, RequestId } from '../jsonrpc/types.js';
import type { SseConnection } from './sse.js';

/**
 * Sessions shared between instances: what a POST stream tells the others, so that a client which
 * resumes it on another instance is served there until its last response.
 */
export interface StreamRelay {
  /** The stream started, for these requests: it holds a lease while it runs. */
  opened(streamId: string, requestIds: readonly RequestId[]): void;
  /** An event was stored while no client is connected here: whoever follows the stream reads it. */
  stored(streamId: string): void;
  /** The stream ended (`followed`: no client was connected here at the end). */
  closed(streamId: string, followed: boolean): void;
}

/** The cluster side of one copy's streams: its GET stream shared cluster-wide, POST streams followed. */
export interface SharedSessionStreams extends StreamRelay {
  /** The GET stream's id: every instance names it the same. */
  readonly standaloneId: string;
  /** True while the session's GET stream is open here. */
  readonly hasStandalone: boolean;
  /** Streams followed here for another instance. */
  readonly followed: number;
  /** Sends messages meant for the GET stream (through the store, to whichever instance serves it). */
  send(list: readonly JsonRpcMessage[], dedupeKey: string | undefined): Promise<void>;
  /** Serves the GET stream on `connection`; resolves false when another instance serves it. */
  attachStandalone(
    connection: SseConnection,
    lastEventId: string | undefined,
    priming: boolean,
    retryMs: number,
  ): Promise<boolean>;
  /** Copies new events from the store to the GET stream here, or to the followed stream named. */
  pump(streamId?: string): Promise<void>;
  /** Serves a POST stream that may run on another instance, from after `lastEventId`. */
  follow(streamId: string, connection: SseConnection, lastEventId: string): Promise<void>;
  /** The client resumed one of the session's POST streams running here: the others stop serving it. */
  resumedHere(streamId: string): void;
  /** The client resumed `streamId` on another instance: stop following it here. */
  resumedElsewhere(streamId: string): void;
  /** The copy closes: ends followers, stops renewing leases. */
  close(): void;
}
