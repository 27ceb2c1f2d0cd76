// Where an OAuth client keeps what it learnt about one MCP server: the authorization server it used, the client
// registration there, and the tokens. Memory by default; the CLI keeps a file per server (mode 0600).
import type { ClientIdentity, OAuthTokens } from './token-endpoint.js';

/** What is kept for one MCP server. */
export interface StoredAuthorization {
  /** The issuer the client registration and tokens belong to: another one means neither is used. */
  issuer?: string;
  client?: ClientIdentity;
  /** The resource indicator the tokens were asked for (RFC 8707), and the scope asked for. */
  resource?: string;
  scope?: string;
  tokens?: OAuthTokens;
  /** The private DPoP key (a JWK) the tokens are bound to, when they are DPoP tokens. */
  dpopKey?: Record<string, unknown>;
}

/** The store seam: one instance per MCP server. */
export interface TokenStore {
  load(): Promise<StoredAuthorization | undefined> | StoredAuthorization | undefined;
  save(value: StoredAuthorization): Promise<void> | void;
}

/**
 * A store in memory (the default): kept as long as the provider is.
 * @example const store = memoryTokenStore();
 */
export function memoryTokenStore(initial?: StoredAuthorization): TokenStore {
  let value = initial === undefined ? undefined : structuredClone(initial);
  return {
    load: () => (value === undefined ? undefined : structuredClone(value)),
    save: (next) => {
      value = structuredClone(next);
    },
  };
}
