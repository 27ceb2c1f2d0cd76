// A tiny OTLP/HTTP receiver (JSON encoding, as @opentelemetry/exporter-trace-otlp-http sends it) on a
// free port: collects the spans posted to /v1/traces and lets a test wait until the ones it expects arrived.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as it arrived, attributes flattened. */
export interface ReceivedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client. */
  kind: number;
  attributes: Record<string, unknown>;
  status?: { code?: number; message?: string };
  service?: string;
}

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

function value(v: AnyValue): unknown {
  return v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? v.doubleValue));
}

function flatten(attributes: { key: string; value: AnyValue }[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map((a) => [a.key, value(a.value)]));
}

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  readonly paths: string[] = [];
  private waiters: { test: () => boolean; resolve: () => void }[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<OtlpReceiver> {
    let receiver!: OtlpReceiver;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        receiver.accept(req.url ?? '/', Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    receiver = new OtlpReceiver(server, `http://127.0.0.1:${port}`);
    return receiver;
  }

  /** Resolves once `test` holds over the spans received (checked at each arrival). */
  until(test: (spans: ReceivedSpan[]) => boolean): Promise<void> {
    if (test(this.spans)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ test: () => test(this.spans), resolve }));
  }

  /** Resolves once spans with all these names arrived. */
  named(...names: string[]): Promise<void> {
    return this.until((spans) => names.every((n) => spans.some((s) => s.name === n)));
  }

  find(name: string): ReceivedSpan {
    const span = this.spans.find((s) => s.name === name);
    if (span === undefined) throw new Error(`no span "${name}" among ${this.spans.map((s) => s.name).join(', ')}`);
    return span;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(path: string, body: string): void {
    this.paths.push(path);
    if (!path.startsWith('/v1/traces')) return;
    const data = JSON.parse(body) as {
      resourceSpans?: {
        resource?: { attributes?: { key: string; value: AnyValue }[] };
        scopeSpans?: {
          spans?: (Omit<ReceivedSpan, 'attributes'> & { attributes?: { key: string; value: AnyValue }[] })[];
        }[];
      }[];
    };
    for (const resource of data.resourceSpans ?? []) {
      const service = flatten(resource.resource?.attributes)['service.name'] as string | undefined;
      for (const scope of resource.scopeSpans ?? [])
        for (const span of scope.spans ?? []) {
          this.spans.push({
            ...span,
            parentSpanId: span.parentSpanId || undefined,
            attributes: flatten(span.attributes),
            service,
          });
        }
    }
    this.waiters = this.waiters.filter((w) => {
      if (!w.test()) return true;
      w.resolve();
      return false;
    });
  }
}
