/**
 * Which upstream scopes the MCP scopes need: `always` plus, for each MCP scope asked for, its entry in `map`.
 * @example upstreamScopes(['repos:read'], { always: ['read:user'], map: { 'repos:read': ['repo'] } }) // ['read:user', 'repo']
 */
export function upstreamScopes(
  requested: readonly string[],
  mapping: { always?: readonly string[]; map?: Readonly<Record<string, readonly string[]>> } = {},
): string[] {
  const scopes = new Set(mapping.always ?? []);
  for (const scope of requested) for (const upstream of mapping.map?.[scope] ?? []) scopes.add(upstream);
  return [...scopes];
}
