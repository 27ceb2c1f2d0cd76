// OpenAPI tools against an API and arguments that try to send a request elsewhere: a redirect to another origin,
// path values that climb out of their segment, header values HTTP cannot carry, and a YAML alias bomb.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpApp } from '../../packages/core/src/index.js';
import { OpenApiDocumentError, openApiTools } from '../../packages/openapi/src/index.js';
import { connectInMemory, type McpClient } from '../../packages/protocol/src/client.js';

interface Seen {
  url: string;
  headers: IncomingHttpHeaders;
}

async function listen(handler: (url: string, res: import('node:http').ServerResponse) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    handler(req.url ?? '', res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const document = {
  openapi: '3.0.3',
  info: { title: 'Items', version: '1.0.0' },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } } },
  security: [{ key: [] }],
  paths: {
    '/api/v1/items/{id}': {
      get: {
        operationId: 'getItem',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
    '/api/v1/moved': { get: { operationId: 'moved', responses: { '200': { description: 'ok' } } } },
    '/api/v1/note': {
      get: {
        operationId: 'note',
        parameters: [{ name: 'X-Note', in: 'header', schema: { type: 'string' } }],
        responses: { '200': { description: 'ok' } },
      },
    },
  },
};

let api: Awaited<ReturnType<typeof listen>>;
let elsewhere: Awaited<ReturnType<typeof listen>>;
let app: McpApp;
let client: McpClient;

beforeAll(async () => {
  elsewhere = await listen((_url, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('internal-only'));
  api = await listen((url, res) => {
    if (url === '/api/v1/moved') res.writeHead(302, { location: `${elsewhere.origin}/admin` }).end();
    else if (url === '/api/v1/items/same') res.writeHead(307, { location: '/api/v1/items/7' }).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url }));
  });
  const tools = await openApiTools({ document, baseUrl: api.origin, auth: { apiKey: 'the-api-key' } });
  app = new McpApp({ name: 'items', version: '1.0.0', providers: [tools] });
  client = await connectInMemory(app);
});
afterAll(async () => {
  await client?.close();
  await app?.close();
  await api?.close();
  await elsewhere?.close();
});

const textOf = (result: { content: unknown[] }) =>
  (result.content as { text?: string }[]).map((c) => c.text ?? '').join('\n');

describe('OpenAPI tools keep their requests where the document says', () => {
  it('does not follow a 302 to another origin: no X-Api-Key there, and its body never reaches the model', async () => {
    const result = await client.callTool('moved');
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/redirected to another origin/);
    expect(textOf(result)).not.toContain('internal-only');
    expect(textOf(result)).not.toContain('the-api-key');
    expect(elsewhere.seen).toEqual([]);
  });

  it('follows a redirect within the API origin, with the key', async () => {
    const result = await client.callTool('getItem', { id: 'same' });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ url: '/api/v1/items/7' });
    expect(api.seen.at(-1)?.headers['x-api-key']).toBe('the-api-key');
  });

  it('refuses path values that would change the path (`..`, `.`), before any request', async () => {
    const before = api.seen.length;
    for (const id of ['..', '.']) {
      const result = await client.callTool('getItem', { id });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^GET \/api\/v1\/items\/\{id\} was not sent: a path parameter \("id"\)/);
    }
    expect(api.seen.length).toBe(before);
    // Ordinary values, slashes included, stay inside their segment.
    expect((await client.callTool('getItem', { id: 'a/../b' })).structuredContent).toEqual({
      url: '/api/v1/items/a%2F..%2Fb',
    });
  });

  it('answers a header value HTTP cannot carry with a tool error naming the header', async () => {
    const result = await client.callTool('note', { 'X-Note': 'line one\r\nX-Injected: yes' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe(
      'GET /api/v1/note was not sent: the value of the header "X-Note" cannot be sent in an HTTP header',
    );
  });
});

describe('reading documents', () => {
  it('refuses a small YAML document of nested aliases at once (no minutes on the CPU)', async () => {
    const levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) {
      const previous = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(',')}]`);
    }
    const yaml = `openapi: 3.0.3\ninfo: {title: bomb, version: "1"}\npaths: {}\nx-bomb:\n${levels.map((l) => `  ${l}`).join('\n')}\n`;
    expect(yaml.length).toBeLessThan(800);
    const file = join(await mkdtemp(join(tmpdir(), 'decorum-openapi-')), 'bomb.yaml');
    await writeFile(file, yaml);
    const failure = await openApiTools({ document: file, baseUrl: api.origin }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OpenApiDocumentError);
    expect((failure as Error).message).toMatch(/alias/i);
  });

  it('refuses a document over maxDocumentBytes', async () => {
    const file = join(await mkdtemp(join(tmpdir(), 'decorum-openapi-')), 'big.json');
    await writeFile(file, JSON.stringify({ ...document, 'x-padding': 'x'.repeat(4096) }));
    await expect(openApiTools({ document: file, baseUrl: api.origin, maxDocumentBytes: 1024 })).rejects.toThrow(
      /over the limit of 1024 \(maxDocumentBytes\)/,
    );
  });
});
