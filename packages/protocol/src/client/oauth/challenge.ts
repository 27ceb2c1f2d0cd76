// What a 401 or 403 from an MCP server asks for: the parameters of its WWW-Authenticate challenge (RFC 6750 §3,
// RFC 9728 §5.1 `resource_metadata`, RFC 9449 `DPoP`).

/** One authentication challenge of a protected resource. */
export interface AuthChallenge {
  /** 401 (no or a bad token) or 403 (`insufficient_scope`: a step-up). */
  status: number;
  /** The scheme (`Bearer`, `DPoP`), lower case. */
  scheme?: string;
  /** `error` (`invalid_token`, `insufficient_scope`, `use_dpop_nonce`). */
  error?: string;
  /** Space-separated scopes the resource wants for this request. */
  scope?: string;
  /** The URL of its protected resource metadata (RFC 9728). */
  resourceMetadata?: string;
  /** The MCP endpoint that answered. */
  url: URL;
  /** The `DPoP-Nonce` the server gave with the challenge (RFC 9449 §9). */
  dpopNonce?: string;
}

// `key=token` or `key="quoted \" string"`, comma separated.
const PARAM = /([A-Za-z0-9_.-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
// A header longer than this is not a challenge worth reading.
const MAX_HEADER = 8192;

/**
 * Reads a WWW-Authenticate header (the first challenge's scheme, and its parameters).
 * @example parseChallenge(401, 'Bearer scope="a b", resource_metadata="https://x/.well-known/…"', url)
 */
export function parseChallenge(status: number, header: string | null, url: URL): AuthChallenge {
  const challenge: AuthChallenge = { status, url };
  if (header === null || header.length > MAX_HEADER) return challenge;
  const scheme = /^\s*([A-Za-z][A-Za-z0-9_-]*)/.exec(header)?.[1];
  if (scheme !== undefined) challenge.scheme = scheme.toLowerCase();
  for (const match of header.matchAll(PARAM)) {
    const key = match[1]?.toLowerCase();
    const value = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : match[3];
    if (value === undefined) continue;
    if (key === 'error' && challenge.error === undefined) challenge.error = value;
    else if (key === 'scope' && challenge.scope === undefined) challenge.scope = value;
    else if (key === 'resource_metadata' && challenge.resourceMetadata === undefined)
      challenge.resourceMetadata = value;
  }
  return challenge;
}

/** Space-separated scopes as a set-like list without duplicates, in first-seen order. */
export function unionScopes(...lists: (string | undefined)[]): string | undefined {
  const all = new Set<string>();
  for (const list of lists) for (const scope of (list ?? '').split(/\s+/)) if (scope !== '') all.add(scope);
  return all.size === 0 ? undefined : [...all].join(' ');
}
