// The entry point: an OpenAPI document in, a Decorum provider class out, with one `@Tool` per
// operation. Being an ordinary provider, it gets everything an app gives its own tools: input
// validation, guards, interceptors, transforms, list_changed, both protocol eras.
import { Args, type Class, type Context, Ctx, Tool, type ToolAnnotations, type ToolOptions } from '@decorum/core';
import type { CallToolResult, JsonObject } from '@decorum/protocol';
import { fetchSameOrigin, RedirectRefusedError } from '@decorum/protocol/client';
import {
  type DocumentLimits,
  type LoadedDocument,
  loadDocument,
  type OpenApiDocument,
  OpenApiDocumentError,
} from './document.js';
import { BODY_KEY, eachOperation, type OperationInfo, type OperationSpec } from './operations.js';
import {
  applyAuth,
  type OpenApiAuth,
  type PlannedRequest,
  planRequest,
  RequestPlanError,
  setHeader,
} from './request.js';
import { type StructuredShape, toToolResult } from './response.js';
import { type DtoProperty, SchemaChecker, SchemaCompileError, schemaDto } from './schema-dto.js';
import {
  compileSelector,
  defaultToolName,
  distinctNames,
  type OperationSelector,
  sanitizeToolName,
} from './selection.js';

type MaybePromise<T> = T | Promise<T>;

/** Options of {@link openApiTools}. */
export interface OpenApiToolsOptions extends DocumentLimits {
  /** The OpenAPI 3.0 or 3.1 document: a file path, an http(s) URL, or the document object (JSON or YAML files). */
  document: string | OpenApiDocument;
  /**
   * Where requests go (`https://api.example.com/v1`). Default: the document's first server (its
   * variables at their defaults), resolved against the document's URL when relative.
   */
  baseUrl?: string;
  /** Headers sent with every request: fixed, or computed per call from the tool call's context. */
  headers?: Record<string, string> | ((ctx: Context) => MaybePromise<Record<string, string>>);
  /** Credentials for the operations' `security` requirements (bearer token, API keys, basic). */
  auth?: OpenApiAuth<Context>;
  /** Only operations that match become tools (by operationId, tag, method, path glob, or a predicate). */
  include?: OperationSelector;
  /** Operations that match are left out (applied after `include`). */
  exclude?: OperationSelector;
  /** The tool name of an operation (sanitised and made distinct). Default: operationId, else method and path. */
  name?: (operation: OperationInfo) => string;
  /** Each request (response body included) is aborted after this many ms. Default 30 000. */
  timeoutMs?: number;
  /** The fetch function requests go through. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Validate the document against the OpenAPI specification first. Default true. Validation takes most of
   * the startup time (about 0.7 s); turn it off for a document you already trust to start faster.
   */
  validateDocument?: boolean;
}

/** One operation, ready to be a tool. */
interface PreparedTool {
  options: ToolOptions;
  input?: Class;
  call: (args: Record<string, unknown>, ctx: Context) => Promise<CallToolResult>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const READ_ONLY = new Set(['get', 'head', 'options']);

/**
 * Turns every operation of an OpenAPI 3.0/3.1 document into a tool that calls the API with fetch, and
 * returns them as one provider class for `McpApp`. The document is read, validated and dereferenced
 * once (with @readme/openapi-parser). A tool's arguments are the operation's path, query, header and
 * cookie parameters by name, and its JSON request body as `body`; they are checked against the
 * operation's schemas before any request. A JSON response becomes `structuredContent` (with the
 * operation's 2xx response schema as `outputSchema` when it has exactly one), a status outside 2xx an
 * `isError` result with the status and body.
 * @throws OpenApiDocumentError when the document is invalid, or an operation has no absolute base URL.
 * @example
 * const petstore = await openApiTools({
 *   document: 'https://petstore3.swagger.io/api/v3/openapi.json',
 *   include: { tag: 'pet', method: 'get' },
 *   auth: { apiKey: process.env.PETSTORE_KEY },
 * });
 * await new McpApp({ name: 'petstore', version: '1.0.0', providers: [petstore] }).listen({ stdio: true });
 */
export async function openApiTools(options: OpenApiToolsOptions): Promise<Class> {
  const included = options.include === undefined ? () => true : compileSelector(options.include);
  const excluded = options.exclude === undefined ? () => false : compileSelector(options.exclude);
  const loaded = await loadDocument(options.document, {
    fetcher: options.fetch,
    check: options.validateDocument !== false,
    keep: (op) => included(op) && !excluded(op),
    maxDocumentBytes: options.maxDocumentBytes,
    maxYamlAliases: options.maxYamlAliases,
  });
  // A large selection takes a while to convert and compile: the event loop gets a turn every few milliseconds.
  const breathe = breather();
  const operations: OperationSpec[] = [];
  for (const op of eachOperation(loaded)) {
    if (included(op) && !excluded(op)) operations.push(op);
    await breathe();
  }
  const names = distinctNames(operations.map((op) => sanitizeToolName(options.name?.(op) ?? defaultToolName(op))));
  const checker = new SchemaChecker();
  const tools: PreparedTool[] = [];
  for (const [i, op] of operations.entries()) {
    try {
      tools.push(prepare(op, names[i] as string, loaded, options, checker));
    } catch (error) {
      if (!(error instanceof SchemaCompileError)) throw error;
      throw new OpenApiDocumentError(
        `${op.method.toUpperCase()} ${op.path} has a schema that cannot be used: ${error.message}`,
      );
    }
    await breathe();
  }
  const info = (loaded.document.info ?? {}) as { title?: unknown };
  return providerClass(`OpenApi${String(info.title ?? '').replace(/[^A-Za-z0-9]/g, '')}Tools`, tools);
}

function prepare(
  op: OperationSpec,
  name: string,
  loaded: LoadedDocument,
  options: OpenApiToolsOptions,
  checker: SchemaChecker,
): PreparedTool {
  const method = op.method.toUpperCase();
  const label = `${method} ${op.path}`;
  const baseUrl = options.baseUrl ?? serverUrl(op.servers ?? loaded.document.servers, loaded.url);
  if (baseUrl === undefined)
    throw new OpenApiDocumentError(
      `${label} (tool "${name}") has no absolute server URL in the document: pass { baseUrl } to openApiTools`,
    );
  const properties: DtoProperty[] = op.parameters.map((p) => ({ name: p.key, schema: p.schema, required: p.required }));
  if (op.body !== undefined) properties.push({ name: BODY_KEY, schema: op.body.schema, required: op.body.required });
  // A large document's tools compile their input schemas on first use (startup stays proportional to the selection).
  const lazy = loaded.large === true;
  const input = properties.length > 0 ? schemaDto(`${dtoName(name)}Input`, properties, checker, lazy) : undefined;
  const output = outputOf(op.response, name, checker);
  const toolOptions: ToolOptions = {
    name,
    description: [op.summary, op.description].filter(Boolean).join('\n\n') || label,
    annotations: annotationsOf(op),
  };
  if (op.summary !== undefined) toolOptions.title = op.summary;
  if (output !== undefined) toolOptions.output = output.dto;
  const fetcher = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const failed = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });
  const call = async (args: Record<string, unknown>, ctx: Context): Promise<CallToolResult> => {
    let request: PlannedRequest;
    try {
      request = planRequest(op, baseUrl, args);
      const fixed = typeof options.headers === 'function' ? await options.headers(ctx) : (options.headers ?? {});
      for (const [key, value] of Object.entries(fixed))
        if (!request.headers.has(key)) setHeader(request.headers, key, value);
      if (!request.headers.has('accept')) request.headers.set('accept', 'application/json, */*;q=0.8');
      if (options.auth !== undefined) await applyAuth(op.security, options.auth, request, ctx);
    } catch (error) {
      if (error instanceof RequestPlanError) return failed(`${label} was not sent: ${error.message}`);
      throw error;
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([ctx.signal, timeout]);
    try {
      const { url, headers, body } = request;
      // Redirects only within the API's origin: a redirect elsewhere would carry the credentials there, and its
      // answer (another service's) would reach the model.
      const response = await fetchSameOrigin(fetcher, url, { method, headers, body, signal });
      return await toToolResult(response, label, output?.shape);
    } catch (error) {
      if (error instanceof RedirectRefusedError) return failed(`${label} failed: ${error.message}`);
      if (timeout.aborted && !ctx.signal.aborted)
        return { isError: true, content: [{ type: 'text', text: `${label} timed out after ${timeoutMs} ms` }] };
      // Cancelled by the client: nobody waits for the result any more.
      if (ctx.signal.aborted) throw error;
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      const reason = `${(error as Error).message}${cause ? ` (${cause})` : ''}`;
      return { isError: true, content: [{ type: 'text', text: `${label} failed: ${reason}` }] };
    }
  };
  return input === undefined ? { options: toolOptions, call } : { options: toolOptions, input, call };
}

/** The output DTO of an operation's success schema: its properties if it is an object schema, else `{ result }`. */
function outputOf(
  schema: JsonObject | undefined,
  name: string,
  checker: SchemaChecker,
): { dto: Class; shape: StructuredShape } | undefined {
  if (schema === undefined) return undefined;
  const properties = schema.properties;
  if (schema.type === 'object' && typeof properties === 'object' && properties !== null && !Array.isArray(properties)) {
    const entries = Object.entries(properties as Record<string, JsonObject>);
    // Properties that would reach a prototype cannot be DTO fields: no output schema then.
    if (entries.length === 0 || entries.some(([key]) => key === '__proto__' || key === 'constructor')) return undefined;
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const fields = entries.map(([key, s]) => ({ name: key, schema: s, required: required.has(key) }));
    const dto = schemaDto(`${dtoName(name)}Output`, fields, checker, true);
    return { dto, shape: { keep: entries.map(([key]) => key) } };
  }
  if (typeof schema.type !== 'string' || schema.type === 'object' || schema.type === 'null') return undefined;
  return {
    dto: schemaDto(`${dtoName(name)}Output`, [{ name: 'result', schema, required: true }], checker, true),
    shape: {},
  };
}

function annotationsOf(op: OperationSpec): ToolAnnotations {
  const annotations: ToolAnnotations = { openWorldHint: true };
  if (op.summary !== undefined) annotations.title = op.summary;
  if (READ_ONLY.has(op.method)) annotations.readOnlyHint = true;
  else {
    annotations.readOnlyHint = false;
    annotations.destructiveHint = op.method === 'delete';
    if (op.method === 'put' || op.method === 'delete') annotations.idempotentHint = true;
  }
  return annotations;
}

/** The first server's URL with its variables at their defaults, made absolute against the document's URL. */
function serverUrl(servers: unknown, documentUrl: URL | undefined): string | undefined {
  const first = Array.isArray(servers)
    ? (servers[0] as { url?: unknown; variables?: Record<string, { default?: unknown }> })
    : undefined;
  // No servers: OpenAPI says "/" (relative to where the document is).
  const template = typeof first?.url === 'string' ? first.url : '/';
  const url = template.replace(/\{([^}]+)\}/g, (_m, variable: string) =>
    String(first?.variables?.[variable]?.default ?? ''),
  );
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return url;
  return documentUrl === undefined ? undefined : new URL(url, documentUrl).toString();
}

/** Resolves after a timer turn when the last one was more than 8 ms ago, at once otherwise. */
function breather(): () => Promise<void> | undefined {
  let last = Date.now();
  return () => {
    if (Date.now() - last < 8) return undefined;
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        last = Date.now();
        resolve();
      }, 0),
    );
  };
}

const dtoName = (toolName: string) => toolName.replace(/[^A-Za-z0-9_$]/g, '_').replace(/^(\d)/, '_$1');

/** A class with one decorated method per tool, as if written by hand (decorators applied, not interpreted). */
function providerClass(name: string, tools: readonly PreparedTool[]): Class {
  const provider = { [name]: class {} }[name] as Class;
  tools.forEach((tool, i) => {
    const key = `operation${i}`;
    const method =
      tool.input === undefined
        ? function (this: unknown, ctx: Context) {
            return tool.call({}, ctx);
          }
        : function (this: unknown, args: Record<string, unknown>, ctx: Context) {
            return tool.call({ ...args }, ctx);
          };
    Object.defineProperty(provider.prototype, key, { value: method, writable: true, configurable: true });
    const descriptor = Object.getOwnPropertyDescriptor(provider.prototype, key) as PropertyDescriptor;
    Tool(tool.options)(provider.prototype, key, descriptor);
    if (tool.input === undefined) Ctx()(provider.prototype, key, 0);
    else {
      Args(tool.input)(provider.prototype, key, 0);
      Ctx()(provider.prototype, key, 1);
    }
  });
  return provider;
}
