// Shared pieces of the modern-era (2026-07-28) acceptance tests: the official v2 client
// (@modelcontextprotocol/client) set up to answer elicitation, sampling and roots, a wire tap that
// records what the client sent and received, and bare JSON-RPC senders over HTTP and a stdio pipe for
// what no well-behaved client sends (a tampered requestState, say).
import { Client, type Transport } from '@modelcontextprotocol/client';
import { exited, LineReader, spawnTs } from '../support/spawn-fixture.js';

export const MODERN = '2026-07-28';
export const STDIO_FIXTURE = 'packages/protocol/test/fixtures/stdio-server.ts';

export const PROTOCOL_VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';
export const CLIENT_CAPABILITIES_KEY = 'io.modelcontextprotocol/clientCapabilities';
export const CLIENT_INFO_KEY = 'io.modelcontextprotocol/clientInfo';
export const LOG_LEVEL_KEY = 'io.modelcontextprotocol/logLevel';
export const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';
export const SUBSCRIPTION_ID_KEY = 'io.modelcontextprotocol/subscriptionId';

/** What the test clients declare: every input kind MRTR can ask for. */
export const CLIENT_CAPABILITIES = { elicitation: { form: {} }, sampling: {}, roots: {} };

/** The roots every test client answers with. */
export const ROOTS = [{ uri: 'file:///work', name: 'work' }];

export type Message = Record<string, any>;

/** The per-request `_meta` envelope of the modern era. */
export function modernMeta(
  capabilities: Record<string, unknown> = CLIENT_CAPABILITIES,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_KEY]: MODERN,
    [CLIENT_CAPABILITIES_KEY]: capabilities,
    [CLIENT_INFO_KEY]: { name: 'raw-modern', version: '1.0.0' },
    ...extra,
  };
}

/** Every message a client sent and received, in order. */
export interface Wire {
  sent: Message[];
  received: Message[];
}

export function newWire(): Wire {
  return { sent: [], received: [] };
}

/**
 * Records a transport's traffic without changing it: `send` is wrapped, and `onmessage` becomes an
 * accessor so whatever handler the client installs (the negotiation probe's, then the protocol's)
 * is called through the recorder.
 */
export function tap<T extends Transport>(transport: T, wire: Wire): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    wire.sent.push(message as Message);
    return send(message, options);
  };
  let handler: Transport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      handler &&
      ((message: unknown, extra: unknown) => {
        wire.received.push(message as Message);
        handler?.(message as never, extra as never);
      }),
    set: (value) => {
      handler = value;
    },
  });
  return transport;
}

/** The request the client sent last for `method` (and tool/prompt name or resource URI, if given). */
export function lastSent(wire: Wire, method: string, name?: string): Message {
  const found = sentRequests(wire, method, name).at(-1);
  if (!found) throw new Error(`no ${method} ${name ?? ''} request was sent`);
  return found;
}

/** Every request the client sent for `method` (and name/URI). */
export function sentRequests(wire: Wire, method: string, name?: string): Message[] {
  return wire.sent.filter(
    (m) =>
      m.method === method &&
      m.id !== undefined &&
      (name === undefined || m.params?.name === name || m.params?.uri === name),
  );
}

/** The response the client received for a request id. */
export function responseTo(wire: Wire, id: unknown): Message | undefined {
  return wire.received.find((m) => m.id === id && !('method' in m));
}

export type NegotiationMode = 'pinned' | 'auto' | 'legacy';

/** Calls made to the client's handlers for embedded (or, in the legacy era, server-sent) requests. */
export interface HandlerLog {
  elicit: string[];
  sample: string[];
  roots: number;
}

/**
 * A v2 client that answers elicitation (a name, or a topic when the form asks for one), sampling
 * (echoes the last message) and roots, negotiating the modern era (pinned or auto) or the legacy one.
 */
export function createClient(
  mode: NegotiationMode,
  capabilities: Record<string, unknown> = CLIENT_CAPABILITIES,
): { client: Client; handled: HandlerLog; errors: Error[] } {
  const versionNegotiation =
    mode === 'pinned' ? { mode: { pin: MODERN } } : mode === 'auto' ? { mode: 'auto' as const } : undefined;
  const client = new Client({ name: 'modern-test-client', version: '1.0.0' }, { capabilities, versionNegotiation });
  const handled: HandlerLog = { elicit: [], sample: [], roots: 0 };
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  if ('elicitation' in capabilities) {
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { message: string; requestedSchema?: { properties?: Record<string, unknown> } };
      handled.elicit.push(params.message);
      const content: Record<string, string> = params.requestedSchema?.properties?.topic
        ? { topic: 'owls' }
        : { name: 'Ada' };
      return { action: 'accept', content };
    });
  }
  if ('sampling' in capabilities) {
    client.setRequestHandler('sampling/createMessage', async (request) => {
      const last = request.params.messages.at(-1)?.content as { text?: string } | undefined;
      handled.sample.push(String(last?.text));
      return { role: 'assistant', model: 'test-model', content: { type: 'text', text: `echo:${last?.text}` } };
    });
  }
  if ('roots' in capabilities) {
    client.setRequestHandler('roots/list', async () => {
      handled.roots++;
      return { roots: ROOTS };
    });
  }
  return { client, handled, errors };
}

/** The text of a result's first content block. */
export function firstText(result: unknown): string | undefined {
  return ((result as { content?: unknown }).content as { text?: string }[] | undefined)?.[0]?.text;
}

/** Changes one character in the middle of an opaque string (one the encoding uses in full). */
export function tamper(state: string): string {
  let i = Math.floor(state.length / 2);
  while (i < state.length && !/[A-Za-z0-9]/.test(state[i] as string)) i++;
  if (i === state.length) throw new Error('nothing to tamper with');
  const replacement = state[i] === 'A' ? 'B' : 'A';
  return state.slice(0, i) + replacement + state.slice(i + 1);
}

// ---------------------------------------------------------------------------------------------
// Bare JSON-RPC senders
// ---------------------------------------------------------------------------------------------

/** Sends raw JSON-RPC requests and notifications and returns the responses. */
export interface RawSender {
  request(method: string, params: Record<string, unknown>, id?: string | number): Promise<Message>;
  notify(method: string, params: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

/** Splits an SSE body into the JSON messages its events carry. */
export function parseSse(body: string): Message[] {
  const messages: Message[] = [];
  for (const event of body.split(/\r?\n\r?\n/)) {
    const data = event
      .split(/\r?\n/)
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0 && data.join('').trim() !== '') messages.push(JSON.parse(data.join('\n')));
  }
  return messages;
}

export interface HttpExchange {
  status: number;
  headers: Headers;
  /** Every JSON-RPC message of the response body (one for JSON, each event's for SSE). */
  messages: Message[];
  /** The response to the request, if the body held one. */
  response: Message | undefined;
}

/** The headers a modern client sends with a request (body-derived, as streamable-http.mdx requires). */
export function modernHeaders(message: Message): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': String(message.params?._meta?.[PROTOCOL_VERSION_KEY] ?? MODERN),
  };
  if (message.id !== undefined) headers['mcp-method'] = String(message.method);
  const name =
    message.method === 'resources/read'
      ? message.params?.uri
      : message.method === 'tools/call' || message.method === 'prompts/get'
        ? message.params?.name
        : undefined;
  if (typeof name === 'string') headers['mcp-name'] = name;
  return headers;
}

/** POSTs one message with modern headers (overridable; `null` removes one) and reads the whole answer. */
export async function postModern(
  url: URL,
  message: Message,
  overrides: Record<string, string | null> = {},
): Promise<HttpExchange> {
  const headers: Record<string, string> = modernHeaders(message);
  for (const [name, value] of Object.entries(overrides)) {
    if (value === null) delete headers[name];
    else headers[name] = value;
  }
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(message) });
  const body = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const messages = type.startsWith('text/event-stream') ? parseSse(body) : body.trim() ? [JSON.parse(body)] : [];
  const response = messages.find((m) => m.id === message.id && !('method' in m));
  return { status: res.status, headers: res.headers, messages, response };
}

export function rawHttp(url: URL): RawSender {
  let n = 0;
  return {
    async request(method, params, id = `raw-${n++}`) {
      const { response } = await postModern(url, { jsonrpc: '2.0', id, method, params });
      if (!response) throw new Error(`no response to ${method}`);
      return response;
    },
    async notify(method, params) {
      await postModern(url, { jsonrpc: '2.0', method, params });
    },
    async close() {},
  };
}

/** Spawns the stdio fixture server and talks JSON lines to it. */
export function rawStdio(): RawSender & {
  child: ReturnType<typeof spawnTs>;
  out: LineReader;
  messages(): Message[];
} {
  const child = spawnTs(STDIO_FIXTURE);
  child.stderr.resume();
  const out = new LineReader(child.stdout);
  const parse = (line: string): Message | undefined => {
    try {
      return JSON.parse(line) as Message;
    } catch {
      return undefined;
    }
  };
  let n = 0;
  return {
    child,
    out,
    messages: () => out.lines.map(parse).filter((m): m is Message => m !== undefined),
    async request(method, params, id = `raw-${n++}`) {
      const answer = out.waitFor((line) => {
        const m = parse(line);
        return m !== undefined && m.id === id && !('method' in m);
      });
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
      return parse(await answer) as Message;
    },
    async notify(method, params) {
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method, params })}\n`);
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    },
  };
}
