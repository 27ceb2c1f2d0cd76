// Imported operations are ordinary tools of the app: its guards and interceptors run around them, and
// its transforms rename them, fix their arguments (the schema clients see follows) and hide them.
// Driven by the official SDK client 1.32.2 over Streamable HTTP against the real Fastify test API.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Guard, type Interceptor, McpApp } from '../../packages/core/src/index.js';
import { openApiTools } from '../../packages/openapi/src/index.js';
import { API_KEY, type PetApi, startPetApi } from './fixtures/pet-api.js';

let api: PetApi;
let app: McpApp;
let client: Client;
const seen: string[] = [];

beforeAll(async () => {
  api = await startPetApi();
  const tools = await openApiTools({ document: api.document, baseUrl: api.url, auth: { apiKey: API_KEY } });
  // No pet with an id above 10 may be read, whatever the API would say. Guards see the tool's own
  // name (transforms map a call back before it reaches the tool).
  const smallIds: Guard = ({ name, args }) => name !== 'getPet' || (args.petId as number) <= 10;
  const record: Interceptor = async ({ name }, next) => {
    seen.push(name);
    return next();
  };
  app = new McpApp({
    name: 'pets',
    version: '1.0.0',
    providers: [tools],
    guards: [smallIds],
    interceptors: [record],
    transforms: {
      tools: {
        getPet: { name: 'pet', description: 'One pet' },
        whoAmI: { arguments: { 'x-request-id': { fixed: 'fixed-id' } } },
        deletePet: { hidden: true },
      },
    },
  });
  const { url } = await app.listen({ http: { port: 0 } });
  client = new Client({ name: 'openapi-composition', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(url as URL));
});
afterAll(async () => {
  await client?.close();
  await app?.close();
  await api?.close();
});

it('renames, hides and fixes arguments of imported tools; the listed schema follows', async () => {
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  expect(names).toContain('pet');
  expect(names).not.toContain('getPet');
  expect(names).not.toContain('deletePet');
  expect(tools.find((t) => t.name === 'pet')?.description).toBe('One pet');
  const whoAmI = tools.find((t) => t.name === 'whoAmI');
  expect(whoAmI?.inputSchema.properties ?? {}).not.toHaveProperty('x-request-id');

  expect((await client.callTool({ name: 'pet', arguments: { petId: 2 } })).structuredContent).toMatchObject({
    name: 'Tom',
  });
  const who = await client.callTool({ name: 'whoAmI', arguments: {} });
  expect(who.structuredContent).toEqual({ owner: 'alice', requestId: 'fixed-id' });
});

it("runs the app's guards and interceptors around imported tools", async () => {
  const before = api.requests.length;
  const refused = await client.callTool({ name: 'pet', arguments: { petId: 11 } });
  expect(refused.isError).toBe(true);
  expect(api.requests.length).toBe(before);
  seen.length = 0;
  await client.callTool({ name: 'listPets', arguments: {} });
  expect(seen).toEqual(['listPets']);
});
