// WWW-Authenticate challenges of an OAuth 2.1 resource server (RFC 6750 §3, RFC 9728 §5.1).

/** The parameters of a `Bearer` challenge. */
export interface BearerChallenge {
  /** The URL of the Protected Resource Metadata document (RFC 9728), so the client can discover the AS. */
  resourceMetadata?: string;
  /** The scopes the request needs (space-separated in the header). */
  scopes?: readonly string[];
  /** `invalid_request`, `invalid_token` or `insufficient_scope` (RFC 6750 §3.1); absent when no credential came. */
  error?: 'invalid_request' | 'invalid_token' | 'insufficient_scope';
  /** A human-readable reason, for developers. */
  description?: string;
}

/** A quoted-string (RFC 9110 §5.6.4): backslash and quote escaped, control characters dropped. */
function quoted(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  return `"${value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The value of a `WWW-Authenticate: Bearer …` header.
 * @example
 * bearerChallenge({ resourceMetadata: 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp', scopes: ['notes:read'] });
 * // Bearer resource_metadata="https://…", scope="notes:read"
 */
export function bearerChallenge(challenge: BearerChallenge): string {
  const params: string[] = [];
  if (challenge.error !== undefined) params.push(`error=${quoted(challenge.error)}`);
  if (challenge.scopes !== undefined && challenge.scopes.length > 0)
    params.push(`scope=${quoted(challenge.scopes.join(' '))}`);
  if (challenge.resourceMetadata !== undefined) params.push(`resource_metadata=${quoted(challenge.resourceMetadata)}`);
  if (challenge.description !== undefined) params.push(`error_description=${quoted(challenge.description)}`);
  return params.length === 0 ? 'Bearer' : `Bearer ${params.join(', ')}`;
}

const STATUS: Record<NonNullable<BearerChallenge['error']> | 'none', number> = {
  none: 401,
  invalid_request: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

/**
 * The HTTP answer to a request the resource server refuses: 401 (no or bad credential), 400
 * (malformed request, e.g. a token in the query string) or 403 (insufficient scope), with the
 * challenge header and a JSON-RPC error body (id null) that MCP clients can read.
 * @example return authChallengeResponse({ error: 'invalid_token', description: 'expired', resourceMetadata });
 */
export function authChallengeResponse(challenge: BearerChallenge): Response {
  const status = STATUS[challenge.error ?? 'none'];
  const message =
    status === 403
      ? `Forbidden: insufficient scope${challenge.scopes?.length ? ` (needs ${challenge.scopes.join(' ')})` : ''}`
      : status === 400
        ? `Bad Request: ${challenge.description ?? 'malformed credentials'}`
        : `Unauthorized${challenge.description ? `: ${challenge.description}` : ''}`;
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32600, message } }), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'WWW-Authenticate': bearerChallenge(challenge),
      'Cache-Control': 'no-store',
    },
  });
}
