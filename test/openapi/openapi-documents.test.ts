// Where documents come from (an object, a URL, OpenAPI 3.0 and 3.1), which operations become tools,
// and how long a call may take: against the same real Fastify API, through the SDK client 1.32.2.
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Class, McpApp } from '../../packages/core/src/index.js';
import { OpenApiDocumentError, type OpenApiToolsOptions, openApiTools } from '../../packages/openapi/src/index.js';
import { type PetApi, startPetApi } from './fixtures/pet-api.js';

let api: PetApi;
const open: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  api = await startPetApi();
});
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
  await api?.close();
});

/** An app serving `provider` over HTTP, and an SDK client connected to it. */
async function serve(provider: Class): Promise<Client> {
  const app = new McpApp({ name: 'openapi', version: '1.0.0', providers: [provider] });
  const { url } = await app.listen({ http: { port: 0 } });
  const client = new Client({ name: 'openapi-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url as URL));
  open.push(app, client);
  return client;
}

const names = async (options: Partial<OpenApiToolsOptions>) => {
  const provider = await openApiTools({ document: api.document, baseUrl: api.url, ...options });
  const client = await serve(provider);
  return (await client.listTools()).tools.map((t) => t.name).sort();
};

describe('filtering operations', () => {
  it('by tag, minus a method', async () => {
    expect(await names({ include: { tag: 'pets' }, exclude: { method: 'DELETE' } })).toEqual([
      'createPet',
      'getPet',
      'listPets',
    ]);
  });

  it('by path glob: * stays in a segment, ** crosses them', async () => {
    expect(await names({ include: { path: '/pets/*' } })).toEqual(['deletePet', 'getPet']);
    expect(await names({ include: { path: '/pets**' } })).toEqual(['createPet', 'deletePet', 'getPet', 'listPets']);
  });

  it('by operationId list, by several filters (any), and by predicate', async () => {
    expect(await names({ include: { operationId: ['slow', 'whoAmI'] } })).toEqual(['slow', 'whoAmI']);
    expect(await names({ include: [{ tag: 'ops', method: 'get' }, { operationId: 'getPet' }] })).toEqual([
      'getPet',
      'get_health',
      'slow',
    ]);
    expect(await names({ include: (op) => op.operationId === undefined })).toEqual(['get_health']);
  });

  it('names tools with a function, sanitised and made distinct', async () => {
    expect(await names({ include: { tag: 'pets' }, name: (op) => `pets api/${op.method}` })).toEqual([
      'pets_api_delete',
      'pets_api_get',
      'pets_api_get_2',
      'pets_api_post',
    ]);
  });
});

describe('documents', () => {
  it('loads a 3.0 document from its URL; with no servers, requests go where the document came from', async () => {
    const client = await serve(await openApiTools({ document: `${api.url}/openapi.json`, include: { tag: 'pets' } }));
    const result = await client.callTool({ name: 'getPet', arguments: { petId: 2 } });
    expect(result.structuredContent).toEqual({ id: 2, name: 'Tom', tag: 'cat' });
  });

  it('serves a hand-written 3.1 document (type lists, numeric exclusiveMinimum, readOnly, path-level parameters)', async () => {
    const client = await serve(await openApiTools({ document: `${api.url}/openapi-3.1.json` }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['addPet', 'fetchPet', 'findPets']);
    const fetchPet = tools.find((t) => t.name === 'fetchPet');
    expect(fetchPet?.inputSchema.properties).toEqual({
      petId: { type: 'integer', description: "The pet's id", exclusiveMinimum: 0, examples: [1] },
    });
    // int64 is no JSON Schema format: left out, so strict client validators compile the schema.
    expect(fetchPet?.outputSchema?.properties).toEqual({
      id: { type: 'integer' },
      name: { type: 'string' },
      tag: { type: ['string', 'null'] },
    });
    // readOnly properties are the server's to set: not part of the request body.
    const addPet = tools.find((t) => t.name === 'addPet');
    const body = addPet?.inputSchema.properties?.body as { properties?: object } | undefined;
    expect(Object.keys(body?.properties ?? {})).toEqual(['name', 'tag']);

    expect((await client.callTool({ name: 'fetchPet', arguments: { petId: 1 } })).structuredContent).toMatchObject({
      name: 'Rex',
    });
    const found = await client.callTool({ name: 'findPets', arguments: { tag: 'dog', limit: null } });
    expect(found.structuredContent).toEqual({ result: [{ id: 1, name: 'Rex', tag: 'dog' }] });
    const refused = await client.callTool({ name: 'fetchPet', arguments: { petId: 0 } });
    expect(refused).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringContaining('petId must be > 0') }],
    });
    const badTag = await client.callTool({ name: 'findPets', arguments: { tag: 'fish' } });
    expect(badTag.content).toEqual([
      { type: 'text', text: expect.stringContaining('tag must be one of: "dog", "cat"') },
    ]);
  });

  it("uses the document's first server, its variables at their defaults", async () => {
    const { hostname, port } = new URL(api.url);
    const servers = [
      {
        url: 'http://{host}:{port}/',
        variables: { host: { default: hostname }, port: { default: port } },
      },
    ];
    const client = await serve(
      await openApiTools({ document: { ...api.document, servers }, include: { operationId: 'getPet' } }),
    );
    expect((await client.callTool({ name: 'getPet', arguments: { petId: 1 } })).structuredContent).toMatchObject({
      name: 'Rex',
    });
  });

  it('loads a document from a file path (its relative server needs a baseUrl then)', async () => {
    const file = fileURLToPath(new URL('./fixtures/pet-api-3.1.json', import.meta.url));
    await expect(openApiTools({ document: file })).rejects.toThrow('pass { baseUrl }');
    const client = await serve(await openApiTools({ document: file, baseUrl: api.url }));
    const result = await client.callTool({ name: 'fetchPet', arguments: { petId: 1 } });
    expect(result.structuredContent).toMatchObject({ id: 1, name: 'Rex' });
  });

  it('refuses an invalid document, and one without a usable server URL, at startup', async () => {
    const broken = { openapi: '3.0.3', info: { title: 'x' }, paths: {} };
    await expect(openApiTools({ document: broken })).rejects.toThrow(OpenApiDocumentError);
    // Trusted documents may skip the specification check (most of the startup time).
    await expect(openApiTools({ document: broken, validateDocument: false })).resolves.toBeTypeOf('function');
    await expect(openApiTools({ document: { swagger: '2.0', info: {}, paths: {} } })).rejects.toThrow(
      'Only OpenAPI 3.0 and 3.1 documents are supported (found swagger 2.0)',
    );
    await expect(openApiTools({ document: api.document })).rejects.toThrow(
      'GET /pets (tool "listPets") has no absolute server URL in the document: pass { baseUrl } to openApiTools',
    );
  });

  it('leaves the document object it was given unchanged', async () => {
    const before = JSON.stringify(api.document);
    await openApiTools({ document: api.document, baseUrl: api.url });
    expect(JSON.stringify(api.document)).toBe(before);
  });
});

describe('failures and time limits', () => {
  it('an API that cannot be reached is an error result naming the request and the cause', async () => {
    // An address that was just free: nothing listens there any more.
    const gone = await startPetApi();
    await gone.close();
    const client = await serve(
      await openApiTools({ document: api.document, baseUrl: gone.url, include: { operationId: 'getPet' } }),
    );
    const result = await client.callTool({ name: 'getPet', arguments: { petId: 1 } });
    expect(result).toMatchObject({
      isError: true,
      content: [{ text: expect.stringMatching(/^GET \/pets\/\{petId\} failed: fetch failed \(.*ECONNREFUSED/) }],
    });
  });

  it('a request past timeoutMs is aborted and answered as an error result', async () => {
    const client = await serve(
      await openApiTools({
        document: api.document,
        baseUrl: api.url,
        include: { operationId: 'slow' },
        timeoutMs: 300,
      }),
    );
    const slow = api.nextSlow();
    const result = await client.callTool({ name: 'slow', arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ text: 'GET /slow timed out after 300 ms' }] });
    await slow.closed;
  });

  it("the client's cancellation aborts the HTTP request", async () => {
    const client = await serve(
      await openApiTools({ document: api.document, baseUrl: api.url, include: { operationId: 'slow' } }),
    );
    const slow = api.nextSlow();
    const controller = new AbortController();
    const pending = client.callTool({ name: 'slow', arguments: {} }, undefined, { signal: controller.signal });
    await slow.arrived;
    controller.abort('user gave up');
    await expect(pending).rejects.toThrow();
    // The API sees its connection closed: the engine's cancellation reached fetch.
    await slow.closed;
  });
});
