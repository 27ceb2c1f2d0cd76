// The requests one side of a connection has sent and still awaits: ids, timeouts, cancellation by
// signal, progress listeners, and what happens to each when its response arrives or the connection
// ends. A Peer makes one on its first outgoing request (most connections, and every stateless POST,
// never send one).
import { ConnectionClosedError, McpError, RequestTimeoutError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage, JsonRpcRequest, JsonRpcResponse, RequestId } from '../jsonrpc/types.js';
import type { PendingRequest as Pending, RequestOptions } from './peer-types.js';

type Params = Record<string, unknown>;
type Result = Record<string, unknown>;

/** What the requests travel through: the peer's own send and notify. */
export interface OutgoingLink {
  send(message: JsonRpcMessage, relatedRequestId?: RequestId): Promise<void>;
  notify(method: string, params: Params): Promise<void>;
  /** Default timeout, in ms. */
  timeoutMs: number;
}

/** The outgoing requests of one connection. */
export class OutgoingRequests {
  private readonly pending = new Map<RequestId, Pending>();
  private readonly progressListeners = new Map<RequestId, NonNullable<RequestOptions['onprogress']>>();
  private nextId = 0;

  constructor(private readonly link: OutgoingLink) {}

  /** Sends a request and resolves with its result; rejects with an {@link McpError} on an error response. */
  request(method: string, params: Params | undefined, options: RequestOptions): Promise<Result> {
    options.signal?.throwIfAborted();
    const id = this.nextId++;
    let outParams = params;
    if (options.onprogress) {
      this.progressListeners.set(id, options.onprogress);
      outParams = { ...params, _meta: { ...(params?._meta as Params | undefined), progressToken: id } };
    }
    const message: JsonRpcRequest = { jsonrpc: '2.0', id, method };
    if (outParams !== undefined) message.params = outParams;
    const timeoutMs = options.timeoutMs ?? this.link.timeoutMs;
    return new Promise<Result>((resolve, reject) => {
      const cancel = (reason: unknown, notify: boolean) => {
        if (!this.pending.has(id)) return;
        pending.cleanup();
        if (notify) {
          const why = reason instanceof Error ? reason.message : String(reason);
          this.link.notify('notifications/cancelled', { requestId: id, reason: why }).catch(() => undefined);
        }
        reject(reason);
      };
      const timer = setTimeout(() => cancel(new RequestTimeoutError(method, timeoutMs), true), timeoutMs);
      const onAbort = () => cancel(options.signal?.reason, true);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const pending: Pending = {
        method,
        resolve,
        reject,
        cleanup: () => {
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', onAbort);
          this.pending.delete(id);
          this.progressListeners.delete(id);
        },
      };
      this.pending.set(id, pending);
      this.link.send(message, options.relatedRequestId).catch((error) => cancel(error, false));
    });
  }

  /** A response arrived: settles its request (one to nothing we asked, or already timed out, is ignored). */
  settle(response: JsonRpcResponse): void {
    const pending = response.id === null ? undefined : this.pending.get(response.id);
    if (!pending) return;
    pending.cleanup();
    if ('result' in response) pending.resolve(response.result);
    else pending.reject(new McpError(response.error.code, response.error.message, response.error.data));
  }

  /** `notifications/progress` params: to the listener of the request whose token they carry. */
  progress(params: Params): void {
    const listener = this.progressListeners.get(params.progressToken as RequestId);
    if (listener && typeof params.progress === 'number') {
      listener(params as { progress: number; total?: number; message?: string });
    }
  }

  /** The connection ended: every request still waiting rejects. */
  close(): void {
    for (const pending of [...this.pending.values()]) {
      pending.cleanup();
      pending.reject(new ConnectionClosedError(pending.method));
    }
  }
}
