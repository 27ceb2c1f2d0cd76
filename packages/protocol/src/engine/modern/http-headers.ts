// The HTTP header rules of the modern era: Mcp-Method, Mcp-Name and Mcp-Param-* must mirror the
// body (values in `=?base64?…?=` form are decoded first); a mismatch is -32020 (HTTP 400).
import { ErrorCode, McpError } from '../../jsonrpc/errors.js';
import type { JsonObject, ToolDefinition } from '../types.js';

const mismatch = (message: string) => new McpError(ErrorCode.HeaderMismatch, `Header mismatch: ${message}`);
const SAFE = /^[\x20-\x7E\t]*$/;

/** Decodes a header value sent in the `=?base64?…?=` form; plain values pass through. */
export function decodeHeaderValue(value: string, header: string): string {
  if (!value.startsWith('=?base64?') || !value.endsWith('?=')) {
    if (!SAFE.test(value)) throw mismatch(`${header} contains invalid characters`);
    return value;
  }
  const encoded = value.slice(9, -2);
  // Strict base64: canonical alphabet and padding only (atob alone would accept unpadded input).
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) {
    throw mismatch(`${header} is not valid =?base64?…?= (bad base64 padding or characters)`);
  }
  try {
    const binary = atob(encoded);
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    throw mismatch(`${header} is not valid =?base64?…?= UTF-8`);
  }
}

/** The `x-mcp-header` annotations of a tool's input schema: header name → property path. */
export function headerParams(tool: ToolDefinition | undefined): Map<string, readonly string[]> {
  const found = new Map<string, string[]>();
  const walk = (schema: JsonObject, path: string[]) => {
    const properties = schema.properties as Record<string, JsonObject> | undefined;
    for (const [key, property] of Object.entries(properties ?? {})) {
      const name = property['x-mcp-header'];
      if (typeof name === 'string' && name !== '') found.set(name.toLowerCase(), [...path, key]);
      if (property.type === 'object') walk(property, [...path, key]);
    }
  };
  if (tool) walk(tool.inputSchema, []);
  return found;
}

function valueAt(args: JsonObject | undefined, path: readonly string[]): unknown {
  let value: unknown = args;
  for (const key of path) value = value !== null && typeof value === 'object' ? (value as JsonObject)[key] : undefined;
  return value;
}

/**
 * Checks the modern request headers against the body; throws -32020 on any disagreement.
 * `toolHeaders` is the called tool's mapping from {@link headerParams} (computed once per tool list).
 */
export function checkHeaders(
  headers: { get(name: string): string | null },
  method: string,
  params: JsonObject,
  version: string,
  toolHeaders?: ReadonlyMap<string, readonly string[]>,
): void {
  const protocol = headers.get('mcp-protocol-version');
  if (protocol !== version)
    throw mismatch(`MCP-Protocol-Version ${JSON.stringify(protocol)} does not match _meta "${version}"`);
  const headerMethod = headers.get('mcp-method');
  if (headerMethod === null) throw mismatch('the Mcp-Method header is required');
  if (headerMethod !== method)
    throw mismatch(`Mcp-Method header value '${headerMethod}' does not match body value '${method}'`);
  const named =
    method === 'resources/read'
      ? params.uri
      : method === 'tools/call' || method === 'prompts/get'
        ? params.name
        : method === 'tasks/get' || method === 'tasks/update' || method === 'tasks/cancel'
          ? params.taskId
          : undefined;
  if (named !== undefined) {
    const raw = headers.get('mcp-name');
    if (raw === null) throw mismatch(`the Mcp-Name header is required for ${method}`);
    const value = decodeHeaderValue(raw, 'Mcp-Name');
    if (value !== named)
      throw mismatch(`Mcp-Name header value '${value}' does not match body value '${String(named)}'`);
  }
  if (method !== 'tools/call' || toolHeaders === undefined || toolHeaders.size === 0) return;
  for (const [name, path] of toolHeaders) {
    const expected = valueAt(params.arguments as JsonObject | undefined, path);
    const raw = headers.get(`mcp-param-${name}`);
    if (expected === undefined || expected === null) continue;
    if (raw === null)
      throw mismatch(`the Mcp-Param-${name} header is required (argument "${path.join('.')}" is present)`);
    const value = decodeHeaderValue(raw, `Mcp-Param-${name}`);
    const same =
      typeof expected === 'number' ? Number(value) === expected && value.trim() !== '' : value === String(expected);
    if (!same)
      throw mismatch(`Mcp-Param-${name} header value '${value}' does not match body value '${String(expected)}'`);
  }
}
