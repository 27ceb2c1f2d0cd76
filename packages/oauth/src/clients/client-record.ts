/** How a client authenticates at the token endpoint. */
export type ClientAuthMethod = 'none' | 'client_secret_post' | 'client_secret_basic';

/** A client the authorization server knows: configured, registered (RFC 7591) or from its metadata document. */
export interface ClientRecord {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  logo_uri?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: ClientAuthMethod;
  /** SHA-256 of the client secret (base64url); the secret itself is never stored. */
  client_secret_hash?: string;
  scope?: string;
  /** Where the record came from. */
  source: 'static' | 'dynamic' | 'metadata-document';
}

/** A client configured in code (`clients` option). */
export interface StaticClient {
  clientId: string;
  clientName?: string;
  redirectUris: string[];
  /** A confidential client's secret; without it the client is public (PKCE only). */
  clientSecret?: string;
}

/** The client's error, as the registration and authorization endpoints name it. */
export class ClientError extends Error {
  constructor(
    readonly code: 'invalid_client' | 'invalid_client_metadata' | 'invalid_redirect_uri' | 'temporarily_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'ClientError';
  }
}
