/** Tokens an upstream identity provider issued for one user. */
export interface UpstreamTokens {
  accessToken: string;
  refreshToken?: string;
  /** Seconds since the epoch; undefined when the provider gave no lifetime. */
  expiresAt?: number;
  /** The scopes the provider granted, when it said. */
  scope?: string;
  tokenType?: string;
}

/** The user an upstream login identified. */
export interface UpstreamUser {
  /** The provider's stable id of the user (OIDC `sub`, GitHub's numeric id). */
  id: string;
  name?: string;
  email?: string;
  /** A login or handle, when the provider has one. */
  login?: string;
}

/** What a finished upstream login yields. */
export interface UpstreamLogin {
  user: UpstreamUser;
  tokens: UpstreamTokens;
}

/** What the authorization server sends the user's browser to the provider with. */
export interface UpstreamAuthorizeInput {
  /** Where the provider sends the browser back (this server's callback). */
  redirectUri: string;
  state: string;
  /** PKCE S256 challenge of a verifier only this server knows. */
  codeChallenge: string;
  /** OIDC nonce, checked in the ID token. */
  nonce: string;
  /** The MCP scopes asked for; the provider maps them to its own. */
  scopes: readonly string[];
}

/** What a provider needs to finish a login. */
export interface UpstreamExchangeInput {
  code: string;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * An upstream identity provider the users sign in with (GitHub, Google, any OIDC provider…). Build one with
 * `oidcProvider`, `oauth2Provider` or a preset (`github`, `google`, `entra`, `okta`, `auth0`, `keycloak`,
 * `slack`); implement it for anything else.
 */
export interface UpstreamProvider {
  /** A short, stable name: prefixes user ids (`github:583231`) and names the vault entry. */
  readonly id: string;
  /** Shown on the consent page ("Signed in with GitHub"). */
  readonly displayName: string;
  /** The provider's authorization URL for this login. */
  authorizationUrl(input: UpstreamAuthorizeInput): Promise<URL>;
  /** Exchanges the provider's code for tokens and says who signed in; throws on any failed check. */
  exchange(input: UpstreamExchangeInput): Promise<UpstreamLogin>;
  /** New tokens from a refresh token; throws when the provider refuses. */
  refresh(refreshToken: string): Promise<UpstreamTokens>;
}

/**
 * How an upstream call failed, when it was the exchange itself: `answer-too-large` (the body passed the limit and the
 * connection was closed), `timed-out` (no complete answer within the deadline; the request was aborted),
 * `upstream-closed` (unreachable, or the connection dropped), `redirect-refused` (a redirect to another origin, or
 * too many: not followed, so nothing was sent there). Undefined for a refusal or a failed check of a complete answer.
 */
export type UpstreamCallFailure = 'answer-too-large' | 'timed-out' | 'upstream-closed' | 'redirect-refused';

/** An upstream call failed. The message never carries a token, secret or response body. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    /** Set when the HTTP exchange itself failed (see {@link UpstreamCallFailure}). */
    readonly reason?: UpstreamCallFailure,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}
