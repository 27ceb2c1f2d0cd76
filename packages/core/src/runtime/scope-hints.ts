// What a 401 may ask for (least privilege): the `@Authorized` scopes of the primitive a request names, built once
// per build from the manifest, so a ResourceServer's `scopesFor` is a map lookup per unauthenticated request.
import { readScopes } from '../metadata/store.js';
import type { Class } from '../metadata/types.js';
import type { Manifest } from '../scanner/manifest.js';

/** The primitive a request names (2026-07-28 `Mcp-Method` / `Mcp-Name`), as a ResourceServer's `scopesFor` gets it. */
export interface NamedPrimitive {
  method: string;
  name?: string;
}

/** The scopes the named primitive needs, or undefined when it needs none or is not ours. */
export type ScopeHints = (primitive: NamedPrimitive) => readonly string[] | undefined;

/** Scope hints for tools (`tools/call`), prompts (`prompts/get`) and fixed resources (`resources/read`). */
export function scopeHints(manifest: Manifest): ScopeHints {
  const byMethod = new Map<string, Map<string, readonly string[]>>();
  const add = (method: string, key: string, entry: { provider: Class; method: string }) => {
    const scopes = readScopes(entry.provider, entry.method);
    if (scopes === undefined || scopes.length === 0) return;
    const byName = byMethod.get(method) ?? new Map<string, readonly string[]>();
    byMethod.set(method, byName.set(key, scopes));
  };
  for (const tool of manifest.tools) add('tools/call', tool.name, tool);
  for (const prompt of manifest.prompts) add('prompts/get', prompt.name, prompt);
  for (const resource of manifest.resources) add('resources/read', resource.uri, resource);
  return ({ method, name }) => (name === undefined ? undefined : byMethod.get(method)?.get(name));
}
