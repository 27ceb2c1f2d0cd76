// The node adapter reaches StreamableHttpHandler two ways: as an HttpService (its `serve` takes the
// HttpInput the adapter builds; no Request, no Response for JSON answers) and as a bare Fetch handler
// (Request → handle → Response). Over real HTTP, both must answer every request byte for byte alike,
// except what is random (session and event ids, Date).
import { createServer, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { authChallengeResponse } from '../../src/auth/challenge.js';
import { InsufficientScopeError } from '../../src/auth/insufficient-scope.js';
import type { MaybePromise } from '../../src/engine/maybe-promise.js';
import type { HttpInput, HttpReply, HttpService } from '../../src/http/http-input.js';
import { ProtocolServer, StreamableHttpHandler, type StreamableHttpOptions } from '../../src/index.js';
import { toNodeHandler } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { listenOnFreePort } from './web-handlers.js';

interface Answer {
  status: number;
  /** Raw header lines in wire order and case; Date dropped, session ids replaced. */
  headers: string[];
  body: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** One side: a handler served through the adapter, natively or through Request/Response only. */
async function side(native: boolean, options: StreamableHttpOptions, server = createFixtureServer()) {
  const http = new StreamableHttpHandler(server, options);
  let nativeCalls = 0;
  // What the endpoint read of the costly parts of each input (built on demand: a URL, Headers, a Request).
  const built: string[] = [];
  const web = (request: Request) => http.handle(request);
  const counted = (input: HttpInput): MaybePromise<HttpReply> => {
    nativeCalls++;
    const watched = new Proxy(input, {
      get(target, key) {
        if (key === 'url' || key === 'webHeaders' || key === 'request') built.push(String(key));
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return http.serve(watched);
  };
  // The handler as an HttpService is served through `serve`; its bare `handle` goes through Request/Response.
  const handle: HttpService | typeof web = native ? { handle: web, serve: counted } : web;
  const { origin, close } = await listenOnFreePort(createServer(toNodeHandler(handle)));
  closers.push(async () => {
    await http.close();
    await close();
  });
  const sessions = new Map<string, string>();
  const normalize = (text: string) => {
    let out = text;
    for (const [id, label] of sessions) out = out.split(id).join(label);
    return out.replace(/id: [^\n]+\n/g, 'id: <event>\n');
  };
  const send = (method: string, headers: Record<string, string>, body?: string, path = '/mcp') =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
        const id = res.headers['mcp-session-id'];
        if (typeof id === 'string' && !sessions.has(id)) sessions.set(id, `<session ${sessions.size}>`);
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const lines: string[] = [];
          for (let i = 0; i < res.rawHeaders.length; i += 2) {
            if (res.rawHeaders[i]?.toLowerCase() !== 'date')
              lines.push(`${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}`);
          }
          resolve({ status: res.statusCode ?? 0, headers: lines.map(normalize), body: normalize(text) });
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  const session = (answer: Answer) => [...sessions].find(([, label]) => answer.headers.join().includes(label))?.[0];
  return { send, session, nativeCalls: () => nativeCalls, built, origin };
}

const JSON_POST = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const rpc = (id: number | string, method: string, params: object = {}) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params });
const init = (version = '2025-11-25') =>
  rpc('init', 'initialize', { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } });
const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const MODERN = { ...JSON_POST, 'mcp-protocol-version': '2026-07-28' };

type Side = Awaited<ReturnType<typeof side>>;
/** A scenario sends requests on one side and returns every answer. */
type Scenario = (s: Side) => Promise<Answer[]>;

/** Opens an initialized session; its answers and the headers to use it. */
async function open(s: Side, version = '2025-11-25') {
  const answers = [await s.send('POST', JSON_POST, init(version))];
  const headers = {
    ...JSON_POST,
    'mcp-session-id': s.session(answers[0] as Answer) as string,
    'mcp-protocol-version': version,
  };
  answers.push(await s.send('POST', headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })));
  return { answers, headers };
}

const scenarios: Record<string, Scenario> = {
  'initialize, notifications → 202, tools/call, ping, DELETE': async (s) => {
    const { answers, headers } = await open(s);
    answers.push(await s.send('POST', headers, rpc(1, 'tools/call', { name: 'echo', arguments: { text: 'hé 日本' } })));
    answers.push(await s.send('POST', headers, rpc(2, 'ping')));
    answers.push(await s.send('POST', headers, rpc(3, 'tools/call', { name: 'nope', arguments: {} })));
    answers.push(await s.send('DELETE', { 'mcp-session-id': headers['mcp-session-id'] }));
    answers.push(await s.send('POST', headers, rpc(4, 'ping')));
    return answers;
  },
  'invalid JSON, not UTF-8, empty batch, no id': async (s) => [
    await s.send('POST', JSON_POST, '{"jsonrpc": "2.0", "id": 1, '),
    await s.send('POST', JSON_POST, Buffer.from([0x7b, 0xff, 0x7d]) as unknown as string),
    await s.send('POST', JSON_POST, '[]'),
    await s.send('POST', JSON_POST, '{"jsonrpc":"2.0","method":5}'),
  ],
  'wrong content-type, missing Accept': async (s) => [
    await s.send('POST', { ...JSON_POST, 'content-type': 'text/plain' }, init()),
    await s.send('POST', { 'content-type': 'application/json', accept: 'application/json' }, init()),
  ],
  'bad Origin, bad Host, good Origin': async (s) => [
    await s.send('POST', { ...JSON_POST, origin: 'https://evil.example' }, init()),
    await s.send('POST', { ...JSON_POST, host: 'evil.example' }, init()),
    await s.send('POST', { ...JSON_POST, origin: 'http://localhost:3000' }, init()),
  ],
  'unknown session, missing session, GET and DELETE without one': async (s) => [
    await s.send('POST', { ...JSON_POST, 'mcp-session-id': 'no-such-session' }, rpc(1, 'ping')),
    await s.send('POST', JSON_POST, rpc(1, 'ping')),
    await s.send('GET', { accept: 'text/event-stream' }),
    await s.send('GET', { accept: 'application/json' }),
    await s.send('DELETE', { 'mcp-session-id': 'no-such-session' }),
    await s.send('PUT', JSON_POST, init()),
    await s.send('POST', JSON_POST, init(), '/elsewhere'),
  ],
  'oversized body (over maxBodyBytes, and over the adapter read-ahead)': async (s) => [
    await s.send('POST', JSON_POST, rpc(1, 'ping', { pad: 'x'.repeat(3000) })),
    await s.send('POST', JSON_POST, rpc(1, 'ping', { pad: 'x'.repeat(70_000) })),
  ],
  'notifications only → 202, a response alone → 202': async (s) => {
    const { answers, headers } = await open(s);
    answers.push(
      await s.send('POST', headers, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/roots/list_changed' })),
    );
    answers.push(await s.send('POST', headers, JSON.stringify({ jsonrpc: '2.0', id: 99, result: {} })));
    return answers;
  },
  'batch on 2025-03-26, refused batch on 2025-11-25, initialize in a batch': async (s) => {
    const old = await open(s, '2025-03-26');
    const batch = `[${rpc(1, 'ping')},${rpc(2, 'tools/call', { name: 'echo', arguments: { text: 'b' } })}]`;
    const answers = [...old.answers, await s.send('POST', old.headers, batch)];
    const current = await open(s);
    answers.push(...current.answers, await s.send('POST', current.headers, batch));
    answers.push(await s.send('POST', JSON_POST, `[${init()},${rpc(1, 'ping')}]`));
    return answers;
  },
  'modern headers: served, mismatched, GET refused; unsupported version': async (s) => {
    const call = rpc(1, 'tools/call', { name: 'echo', arguments: { text: 'm' }, _meta: modernMeta });
    return [
      await s.send('POST', { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'echo' }, call),
      await s.send('POST', { ...MODERN, 'mcp-method': 'tools/list', 'mcp-name': 'echo' }, call),
      await s.send('POST', { ...MODERN, 'mcp-method': 'tools/call' }, call),
      await s.send('GET', { ...MODERN, accept: 'text/event-stream' }),
      await s.send('POST', { ...JSON_POST, 'mcp-protocol-version': '1999-01-01' }, rpc(7, 'ping')),
      await s.send('POST', JSON_POST, call),
    ];
  },
  'SSE answer (progress), then JSON': async (s) => {
    const { answers, headers } = await open(s);
    const progress = rpc(5, 'tools/call', { name: 'progress', arguments: {}, _meta: { progressToken: 't' } });
    answers.push(await s.send('POST', headers, progress));
    answers.push(await s.send('POST', headers, rpc(6, 'ping')));
    return answers;
  },
};

/** The statuses each scenario must get (the same on both paths). */
const STATUSES: Record<string, number[]> = {
  'initialize, notifications → 202, tools/call, ping, DELETE': [200, 202, 200, 200, 200, 200, 404],
  'invalid JSON, not UTF-8, empty batch, no id': [400, 400, 400, 400],
  'wrong content-type, missing Accept': [415, 406],
  'bad Origin, bad Host, good Origin': [403, 403, 200],
  'unknown session, missing session, GET and DELETE without one': [404, 400, 400, 406, 404, 405, 404],
  'oversized body (over maxBodyBytes, and over the adapter read-ahead)': [413, 413],
  'notifications only → 202, a response alone → 202': [200, 202, 202, 202],
  'batch on 2025-03-26, refused batch on 2025-11-25, initialize in a batch': [200, 202, 200, 200, 202, 400, 400],
  'modern headers: served, mismatched, GET refused; unsupported version': [200, 400, 400, 405, 400, 400],
  'SSE answer (progress), then JSON': [200, 202, 200, 200],
};

const compare = async (options: StreamableHttpOptions, scenario: Scenario, server?: () => ProtocolServer) => {
  const native = await side(true, options, server?.());
  const web = await side(false, options, server?.());
  const a = await scenario(native);
  const b = await scenario(web);
  expect(a).toEqual(b);
  return { answers: a, nativeCalls: native.nativeCalls() };
};

describe('node adapter: the native path answers exactly as the Web path', () => {
  for (const [name, scenario] of Object.entries(scenarios)) {
    it(name, async () => {
      const { answers, nativeCalls } = await compare({ maxBodyBytes: 2048 }, scenario);
      expect(answers.map((a) => a.status)).toEqual(STATUSES[name]);
      expect(answers.length).toBeGreaterThan(0);
      expect(nativeCalls).toBeGreaterThan(0);
    });
  }

  it('stateless: tools/call, notifications → 202, initialize, GET and DELETE refused', async () => {
    const { answers } = await compare({ stateless: true }, async (s) => [
      await s.send(
        'POST',
        { ...JSON_POST, 'mcp-protocol-version': '2025-11-25' },
        rpc(1, 'tools/call', { name: 'echo', arguments: { text: 's' } }),
      ),
      await s.send('POST', JSON_POST, JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })),
      await s.send('POST', JSON_POST, init()),
      await s.send('GET', { accept: 'text/event-stream' }),
      await s.send('DELETE', {}),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 202, 200, 405, 405]);
  });

  it('auth: 401 with WWW-Authenticate, and the 403 step-up of an insufficient scope', async () => {
    const server = () => {
      const guarded = new ProtocolServer({ serverInfo: { name: 'guarded', version: '1' } });
      guarded.setTools({
        list: () => [{ name: 'admin', inputSchema: { type: 'object' } }],
        call: () => {
          throw new InsufficientScopeError(['admin'], 'tool "admin"');
        },
      });
      return guarded;
    };
    const options: StreamableHttpOptions = {
      authenticate: (request) =>
        request.headers.get('authorization') === 'Bearer ok'
          ? { subject: 'u', scopes: [] }
          : authChallengeResponse({ error: 'invalid_token', description: 'who are you' }),
    };
    const { answers } = await compare(
      options,
      async (s) => {
        const refused = await s.send('POST', JSON_POST, init());
        const auth = { ...JSON_POST, authorization: 'Bearer ok' };
        const initialized = await s.send('POST', auth, init());
        const headers = { ...auth, 'mcp-session-id': s.session(initialized) as string };
        const call = await s.send('POST', headers, rpc(1, 'tools/call', { name: 'admin', arguments: {} }));
        return [refused, initialized, call];
      },
      server,
    );
    expect(answers.map((a) => a.status)).toEqual([401, 200, 403]);
    expect(answers[2]?.headers.join('\n')).toMatch(/www-authenticate: Bearer error="insufficient_scope"/i);
  });

  it('builds no URL, Headers or Request for an ordinary tools/call, in a session or in 2026-07-28', async () => {
    const s = await side(true, {});
    const { headers } = await open(s);
    s.built.length = 0;
    const legacy = await s.send('POST', headers, rpc(1, 'tools/call', { name: 'echo', arguments: { text: 'a' } }));
    const call = rpc(2, 'tools/call', { name: 'echo', arguments: { text: 'b' }, _meta: modernMeta });
    const modern = await s.send('POST', { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'echo' }, call);
    expect([legacy.status, modern.status]).toEqual([200, 200]);
    expect(JSON.parse(modern.body).result.content[0].text).toBe('b');
    expect(s.built).toEqual([]);
  });

  it('cancels a 2026-07-28 call whose client disconnects before the answer, on the native path', async () => {
    const probe = { cancelled: [] as string[] };
    const s = await side(true, {}, createFixtureServer(probe));
    const headers = { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'wait-for-cancel' };
    const call = rpc('long', 'tools/call', { name: 'wait-for-cancel', arguments: { tag: 'gone' }, _meta: modernMeta });
    const req = httpRequest(`${s.origin}/mcp`, { method: 'POST', headers });
    req.on('error', () => undefined);
    req.end(call);
    const tagged = (event: string) =>
      s.send(
        'POST',
        { ...MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'await-tag' },
        rpc(event, 'tools/call', { name: 'await-tag', arguments: { tag: 'gone', event }, _meta: modernMeta }),
      );
    expect(JSON.parse((await tagged('started')).body).result.content[0].text).toBe('started:gone');
    req.destroy();
    expect(JSON.parse((await tagged('cancelled')).body).result.content[0].text).toBe('cancelled:gone');
    expect(probe.cancelled).toEqual(['long']);
    expect(s.nativeCalls()).toBeGreaterThanOrEqual(3);
  });
});
