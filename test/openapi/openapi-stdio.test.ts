// The OpenAPI import over stdio, and the runnable example of docs/openapi.md run as its page says: a
// subprocess loading its document from the test API's URL (OPENAPI_URL), driven by the official SDK
// client 1.32.2; stdout carries protocol frames only.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { type PetApi, startPetApi } from './fixtures/pet-api.js';

let api: PetApi;
let client: Client;

beforeAll(async () => {
  api = await startPetApi();
  const { command, args } = tsCommand('docs/examples/openapi.ts');
  const env = { ...(process.env as Record<string, string>), OPENAPI_URL: `${api.url}/openapi.json` };
  client = new Client({ name: 'openapi-stdio', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, cwd: REPO_ROOT, env, stderr: 'pipe' }));
});
afterAll(async () => {
  await client?.close();
  await api?.close();
});

it('lists the selected operations (tag pets, no DELETE) and calls each of them', async () => {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual(['createPet', 'getPet', 'listPets']);
  const created = await client.callTool({ name: 'createPet', arguments: { body: { name: 'Kit', tag: 'cat' } } });
  expect(created.structuredContent).toEqual({ id: 3, name: 'Kit', tag: 'cat' });
  const listed = await client.callTool({ name: 'listPets', arguments: { tag: 'cat' } });
  expect(listed.structuredContent).toEqual({
    result: [
      { id: 2, name: 'Tom', tag: 'cat' },
      { id: 3, name: 'Kit', tag: 'cat' },
    ],
  });
  expect((await client.callTool({ name: 'getPet', arguments: { petId: 3 } })).structuredContent).toMatchObject({
    name: 'Kit',
  });
  expect(api.requests.at(-1)?.url).toBe('/pets/3');
  const missing = await client.callTool({ name: 'getPet', arguments: { petId: 404 } });
  expect(missing).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('HTTP 404') }] });
  const refused = await client.callTool({ name: 'getPet', arguments: { petId: 'x' } });
  expect(refused).toMatchObject({
    isError: true,
    content: [{ text: expect.stringContaining('petId must be integer') }],
  });
});
