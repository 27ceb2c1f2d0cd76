// The app's HTTP endpoint for a host that serves it (one way per need): `fetch` for Web hosts, `nodeHandler` for Node
// hosts, one `StreamableHttpHandler` behind both, made on the first request from the app's `http` option. `listen`
// serves an endpoint of its own (serve-app-http.ts).
import {
  type EngineLogger,
  type ProtocolServer,
  StreamableHttpHandler,
  type StreamableHttpOptions,
} from '@decorum/protocol';
import type { NodeHandlerOptions, NodeRequestListener } from '@decorum/protocol/node';
import { AppConfigurationError } from '../errors.js';

/** What the endpoint needs of its app, read at each use (a reload swaps the engine and the closers). */
export interface EndpointOwner {
  server(): ProtocolServer;
  /** What serving waits for once (telemetry, schemas, mounts), while it loads. */
  loading(): Promise<void> | undefined;
  /** Runs `close` when the app closes. */
  onClose(close: () => Promise<void>): void;
}

/** The endpoint behind `McpApp.fetch` and `McpApp.nodeHandler`. */
export class AppEndpoint {
  private http?: StreamableHttpHandler;
  private node?: NodeRequestListener;

  constructor(
    private readonly owner: EndpointOwner,
    private readonly options: (StreamableHttpOptions & NodeHandlerOptions) | undefined,
    private readonly logger: EngineLogger,
  ) {}

  /** Answers a Web-standard request. */
  fetch(request: Request): Promise<Response> {
    const loading = this.owner.loading();
    return loading === undefined ? this.handler().handle(request) : loading.then(() => this.handler().handle(request));
  }

  /** Serves a `node:http` request (Express's `next` receives errors). */
  serveNode: NodeRequestListener = (req, res, next) => {
    if (this.node !== undefined && this.owner.loading() === undefined) {
      this.node(req, res, next);
      return;
    }
    this.nodeListener().then(
      (listener) => listener(req, res, next),
      (error: unknown) => {
        if (next !== undefined) return next(error);
        this.logger.error('[decorum] HTTP endpoint failed to start:', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Internal Server Error');
      },
    );
  };

  /** The handler, made once (with the app's `http` options unless `configure` gives others first). */
  handler(options: StreamableHttpOptions | undefined = this.options): StreamableHttpHandler {
    if (this.http === undefined) {
      const http = new StreamableHttpHandler(this.owner.server(), options);
      this.http = http;
      this.owner.onClose(async () => {
        await http.close();
      });
    }
    return this.http;
  }

  /** The deprecated `httpHandler(options)`: options for the endpoint, before its first request. */
  configure(options?: StreamableHttpOptions): StreamableHttpHandler {
    if (this.http !== undefined && options !== undefined) {
      throw new AppConfigurationError(
        'httpHandler(options) must be called before the first request: the endpoint already exists',
      );
    }
    return this.handler(options);
  }

  /** Keeps serving `previous`'s endpoint and sessions (a reload under `decorum dev`). */
  adopt(previous: AppEndpoint): void {
    this.http = previous.http;
    this.node = previous.node;
  }

  private async nodeListener(): Promise<NodeRequestListener> {
    await this.owner.loading();
    if (this.node === undefined) {
      // Node-only, so loaded here rather than imported at the top: the root entry runs on Workers too.
      const { toNodeHandler } = await import('@decorum/protocol/node');
      const { onError, trustProxy } = this.options ?? {};
      this.node ??= toNodeHandler(this.handler(), { onError, trustProxy });
    }
    return this.node;
  }
}
