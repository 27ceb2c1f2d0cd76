// How the client gets a client_id at an authorization server, in the order the MCP authorization spec prefers:
// a client ID metadata document URL (CIMD) when the server supports it, else a pre-registered client, else
// dynamic client registration (RFC 7591).
import { readJsonObject } from './fetch-json.js';
import type { AuthServerMetadata } from './metadata.js';
import type { ClientIdentity } from './token-endpoint.js';

/** What the client says about itself when it registers (RFC 7591 §2). */
export interface ClientMetadata {
  client_name: string;
  client_uri?: string;
  logo_uri?: string;
  software_id?: string;
  software_version?: string;
  scope?: string;
  /** `native` (default, a loopback redirect) or `web`. */
  application_type?: 'native' | 'web';
  [key: string]: unknown;
}

/** Options of {@link obtainClient}. */
export interface RegistrationOptions {
  metadata: ClientMetadata;
  redirectUri: string;
  /** An HTTPS URL serving this client's metadata document (CIMD). */
  clientMetadataUrl?: string;
  /** A client registered beforehand with this authorization server. */
  preRegistered?: ClientIdentity;
  fetch: typeof fetch;
}

/** The authentication method to ask for: a public client when allowed, else a secret, basic before post. */
function preferredMethod(server: AuthServerMetadata): string {
  const supported = server.token_endpoint_auth_methods_supported;
  if (supported === undefined) return 'client_secret_basic';
  for (const method of ['none', 'client_secret_basic', 'client_secret_post']) {
    if (supported.includes(method)) return method;
  }
  return supported[0] ?? 'none';
}

/** A client identity at `server`, registering when needed; throws when there is no way to get one. */
export async function obtainClient(server: AuthServerMetadata, options: RegistrationOptions): Promise<ClientIdentity> {
  if (options.clientMetadataUrl !== undefined && server.client_id_metadata_document_supported === true) {
    return { client_id: options.clientMetadataUrl, token_endpoint_auth_method: 'none' };
  }
  if (options.preRegistered !== undefined) {
    const client = { ...options.preRegistered };
    if (client.token_endpoint_auth_method === undefined && client.client_secret !== undefined) {
      const supported = server.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      client.token_endpoint_auth_method = supported.includes('client_secret_basic')
        ? 'client_secret_basic'
        : 'client_secret_post';
    }
    return client;
  }
  if (server.registration_endpoint === undefined) {
    throw new Error(
      `The authorization server ${server.issuer} offers neither client ID metadata documents nor dynamic registration; configure a pre-registered client`,
    );
  }
  const body = {
    application_type: 'native',
    ...options.metadata,
    redirect_uris: [options.redirectUri],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: preferredMethod(server),
  };
  const response = await options.fetch(server.registration_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await readJsonObject(response);
  if (!response.ok || typeof json?.client_id !== 'string') {
    const why = typeof json?.error === 'string' ? `: ${json.error}` : '';
    throw new Error(
      `Dynamic client registration at ${server.registration_endpoint} failed (HTTP ${response.status})${why}`,
    );
  }
  const client: ClientIdentity = { client_id: json.client_id, redirect_uri: options.redirectUri };
  if (typeof json.client_secret === 'string') client.client_secret = json.client_secret;
  const method =
    typeof json.token_endpoint_auth_method === 'string'
      ? json.token_endpoint_auth_method
      : body.token_endpoint_auth_method;
  client.token_endpoint_auth_method = method;
  return client;
}
