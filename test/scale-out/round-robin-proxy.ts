// A non-sticky load balancer for the scale-out e2e, on node:http: each request goes to the next
// upstream, whatever session it belongs to. Like a real balancer it tries the next upstream when one
// refuses the connection, answers 502 when an upstream dies before its response began, and resets the
// client's connection when it dies mid-response. It records what it saw, so the test can count 5xx
// answers and name the requests that were in flight on an instance when it was killed.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';

/** What the proxy knows of one request: who sent what, where it went, how it ended. */
export interface ProxiedRequest {
  seq: number;
  method: string;
  /** The JSON-RPC method(s) of a POST body. */
  rpcMethod?: string;
  /** `params.arguments.token` of a tools/call, the test's name for a call. */
  token?: string;
  sessionId?: string;
  lastEventId?: string;
  upstream?: string;
  status?: number;
  retryAfter?: string | null;
  /** 'open' while the response streams; 'ended', 'reset' (the upstream died or was cut) or 'aborted' (the client left). */
  state: 'pending' | 'open' | 'ended' | 'reset' | 'aborted';
  /** Response body bytes seen so far (for SSE: events forwarded). */
  bytes: number;
  /** The first 4 KB of the response body, as evidence when a call goes wrong. */
  head: string;
}

/** A rule that drops one client connection mid-response, the way a network blip or an idle timeout does. */
export interface CutRule {
  matches(request: ProxiedRequest): boolean;
  /** Cut once the body forwarded so far satisfies this (e.g. holds the first progress event). */
  after(body: string): boolean;
  cut?: (request: ProxiedRequest) => void;
}

interface Upstream {
  name: string;
  host: string;
  port: number;
}

type Listener = (entry: ProxiedRequest, chunk?: string) => void;

/** The balancer. Upstreams may be added, replaced (a restarted instance) or removed while it runs. */
export class RoundRobinProxy {
  readonly log: ProxiedRequest[] = [];
  private upstreams: Upstream[] = [];
  private next = 0;
  private server?: Server;
  private readonly cuts: CutRule[] = [];
  private readonly listeners = new Set<Listener>();
  /** Per session, an upstream its next GET must not go to (to prove resumption on another instance). */
  private readonly avoid = new Map<string, string>();
  url = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}/mcp`;
    return this.url;
  }

  /** Adds an upstream, or points an existing name at a new address. */
  set(name: string, url: string): void {
    const { hostname, port } = new URL(url);
    const upstream = { name, host: hostname, port: Number(port) };
    const index = this.upstreams.findIndex((u) => u.name === name);
    if (index === -1) this.upstreams.push(upstream);
    else this.upstreams[index] = upstream;
  }

  remove(name: string): void {
    this.upstreams = this.upstreams.filter((u) => u.name !== name);
  }

  /**
   * Drops the first matching response once `after` holds (one rule, one cut); the session's next
   * GET (the client resuming) then goes to another upstream than the one that served the response.
   */
  cutOnce(rule: CutRule): void {
    this.cuts.push(rule);
  }

  /** Resolves with the first request (seen from now on, or already) that satisfies `predicate` after an update. */
  waitFor(predicate: (entry: ProxiedRequest, chunk?: string) => boolean): Promise<ProxiedRequest> {
    return new Promise((resolve) => {
      const listener: Listener = (entry, chunk) => {
        if (!predicate(entry, chunk)) return;
        this.listeners.delete(listener);
        resolve(entry);
      };
      this.listeners.add(listener);
    });
  }

  /** The entries since `from` (a log index), e.g. those of one phase. */
  since(from: number): ProxiedRequest[] {
    return this.log.slice(from);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private notify(entry: ProxiedRequest, chunk?: string): void {
    for (const listener of [...this.listeners]) listener(entry, chunk);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const entry: ProxiedRequest = {
      seq: this.log.length,
      method: req.method ?? 'GET',
      sessionId: header(req, 'mcp-session-id'),
      lastEventId: header(req, 'last-event-id'),
      state: 'pending',
      bytes: 0,
      head: '',
    };
    describeBody(entry, body);
    this.log.push(entry);
    res.once('close', () => {
      if (entry.state === 'open' || entry.state === 'pending') entry.state = res.writableFinished ? 'ended' : 'aborted';
    });
    this.forward(entry, req, res, body, 0);
  }

  private forward(entry: ProxiedRequest, req: IncomingMessage, res: ServerResponse, body: Buffer, tries: number): void {
    let upstream = this.upstreams[this.next++ % this.upstreams.length];
    const avoided = entry.method === 'GET' && entry.sessionId ? this.avoid.get(entry.sessionId) : undefined;
    if (avoided !== undefined && upstream?.name === avoided)
      upstream = this.upstreams[this.next++ % this.upstreams.length];
    if (avoided !== undefined) this.avoid.delete(entry.sessionId as string);
    if (upstream === undefined) {
      res.writeHead(502).end();
      return;
    }
    entry.upstream = upstream.name;
    const headers = { ...req.headers, host: `${upstream.host}:${upstream.port}` };
    const outgoing = request({ host: upstream.host, port: upstream.port, method: req.method, path: req.url, headers });
    let responded = false;
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (!responded && error.code === 'ECONNREFUSED' && tries < this.upstreams.length) {
        this.forward(entry, req, res, body, tries + 1); // nothing reached the dead instance: safe to send elsewhere
        return;
      }
      entry.state = 'reset';
      if (!responded && !res.headersSent) {
        entry.status = 502;
        res.writeHead(502).end();
      } else res.destroy();
      this.notify(entry);
    });
    outgoing.on('response', (answer) => {
      responded = true;
      entry.status = answer.statusCode;
      entry.retryAfter = answer.headers['retry-after'] === undefined ? null : String(answer.headers['retry-after']);
      entry.state = 'open';
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.flushHeaders();
      const cut = this.cuts.find((rule) => rule.matches(entry));
      let seen = '';
      answer.on('data', (chunk: Buffer) => {
        entry.bytes += chunk.length;
        if (entry.state === 'reset') return;
        const text = chunk.toString('utf8');
        if (entry.head.length < 4096) entry.head += text.slice(0, 4096 - entry.head.length);
        if (cut !== undefined) {
          seen += text;
          if (cut.after(seen) && this.cuts.includes(cut)) {
            this.cuts.splice(this.cuts.indexOf(cut), 1);
            if (entry.sessionId) this.avoid.set(entry.sessionId, upstream.name);
            // Cut once the client has the chunk, so what it saw before the cut is exact.
            res.write(chunk, () => {
              entry.state = 'reset';
              res.destroy();
              outgoing.destroy();
              cut.cut?.(entry);
              this.notify(entry, text);
            });
            return;
          }
        }
        res.write(chunk);
        this.notify(entry, text);
      });
      answer.on('end', () => {
        if (entry.state === 'reset') return;
        res.end();
        entry.state = 'ended';
        this.notify(entry);
      });
      answer.on('error', () => undefined); // the 'close' below decides
      answer.on('close', () => {
        if (!answer.complete && entry.state === 'open') {
          entry.state = 'reset';
          res.destroy();
          this.notify(entry);
        }
      });
      this.notify(entry);
    });
    // The client gave up (the SDK closed a stream): let the upstream see it.
    res.once('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    outgoing.end(body);
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function describeBody(entry: ProxiedRequest, body: Buffer): void {
  if (body.length === 0) return;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as unknown;
    const messages = (Array.isArray(parsed) ? parsed : [parsed]) as { method?: string; params?: any }[];
    entry.rpcMethod = messages.map((m) => m.method ?? 'response').join(',');
    const token = messages[0]?.params?.arguments?.token;
    if (typeof token === 'string') entry.token = token;
  } catch {
    entry.rpcMethod = 'unparsable';
  }
}
