// The modern era's request metadata headers (2026-07-28, Streamable HTTP "Request Metadata"): Mcp-Method,
// Mcp-Name and Mcp-Param-* mirror the body so intermediaries can route without parsing it.
import { META_VERSION } from '../engine/modern/envelope.js';
import { headerParams } from '../engine/modern/http-headers.js';
import type { JsonObject, ToolDefinition } from '../engine/types.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';

const SAFE = /^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/;

/** A header value as is when it is plain visible ASCII, else in the `=?base64?…?=` form of UTF-8. */
export function encodeHeaderValue(value: string): string {
  if (value === '' || SAFE.test(value)) return value;
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `=?base64?${btoa(binary)}?=`;
}

/** The revision a message's `_meta` envelope names, when it is a modern request. */
export function modernVersionOf(message: JsonRpcMessage): string | undefined {
  if (!('method' in message)) return undefined;
  const meta = message.params?._meta as JsonObject | undefined;
  const version = meta?.[META_VERSION];
  return typeof version === 'string' ? version : undefined;
}

/** Tool name → its `x-mcp-header` arguments, kept from the last `tools/list`. */
export class ToolHeaderIndex {
  private readonly byTool = new Map<string, ReadonlyMap<string, readonly string[]>>();

  remember(tools: readonly ToolDefinition[]): void {
    this.byTool.clear();
    for (const tool of tools) {
      const params = headerParams(tool);
      if (params.size > 0) this.byTool.set(tool.name, params);
    }
  }

  /** Sets Mcp-Method, Mcp-Name and Mcp-Param-* for a modern request. */
  apply(headers: Headers, message: { method: string; params?: JsonObject }, version: string): void {
    const params = message.params ?? {};
    headers.set('mcp-protocol-version', version);
    headers.set('mcp-method', message.method);
    const name =
      message.method === 'resources/read'
        ? params.uri
        : message.method === 'tools/call' || message.method === 'prompts/get'
          ? params.name
          : message.method.startsWith('tasks/')
            ? params.taskId
            : undefined;
    if (typeof name === 'string') headers.set('mcp-name', encodeHeaderValue(name));
    if (message.method !== 'tools/call' || typeof params.name !== 'string') return;
    const mapping = this.byTool.get(params.name);
    for (const [header, path] of mapping ?? []) {
      let value: unknown = params.arguments;
      for (const key of path)
        value = value !== null && typeof value === 'object' ? (value as JsonObject)[key] : undefined;
      if (value === undefined || value === null || typeof value === 'object') continue;
      headers.set(`mcp-param-${header}`, encodeHeaderValue(String(value)));
    }
  }
}
