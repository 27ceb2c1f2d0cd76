/**
 * @decorum/openapi: the operations of an OpenAPI 3.0/3.1 document as Decorum tools. `openApiTools`
 * reads the document once and returns a provider class; each operation is a tool that checks its
 * arguments against the operation's schemas and calls the API with fetch.
 * @example
 * const api = await openApiTools({ document: './openapi.json', baseUrl: 'https://api.example.com' });
 * await new McpApp({ name: 'api', version: '1.0.0', providers: [api] }).listen({ stdio: true });
 */
export { type OpenApiDocument, OpenApiDocumentError } from './document.js';
export { type OpenApiToolsOptions, openApiTools } from './openapi-tools.js';
export type { HttpMethod, OperationInfo } from './operations.js';
export type { OpenApiAuth, Secret } from './request.js';
export type { OperationFilter, OperationSelector } from './selection.js';
