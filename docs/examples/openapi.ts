// OpenAPI import: the operations of an HTTP API, read from its OpenAPI document, served as tools.
// Used by docs/openapi.md. Run it against any OpenAPI 3.0/3.1 API (with the API's document URL):
//   OPENAPI_URL=https://api.example.com/openapi.json node --conditions=@decorum/source --import @decorum/cli/register docs/examples/openapi.ts
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { openApiTools } from '@decorum/openapi';

/** An app whose tools are the pet operations of the API described at `document` (a URL, a file, or the object). */
export async function createApp(document: string | Record<string, unknown>, baseUrl?: string): Promise<McpApp> {
  const pets = await openApiTools({
    document,
    // Default: the document's first server (relative ones resolve against the document's URL).
    baseUrl,
    // Which operations become tools: by tag, operationId, method, path glob, or a predicate.
    include: { tag: 'pets' },
    exclude: { method: 'delete' },
    // Sent where an operation's `security` asks for them (here: a bearer token, or an API key by scheme name).
    auth: { bearer: process.env.PETS_TOKEN, apiKey: { apiKeyAuth: process.env.PETS_KEY } },
    headers: { 'user-agent': 'pets-mcp/1.0' },
    timeoutMs: 10_000,
  });
  return new McpApp({ name: 'pets', version: '1.0.0', providers: [pets] });
}

if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  const document = process.env.OPENAPI_URL;
  if (document === undefined) throw new Error('Set OPENAPI_URL to the address of an OpenAPI document');
  await (await createApp(document)).listen({ stdio: true });
}
