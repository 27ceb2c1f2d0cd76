import { ClientError, type ClientRecord } from '../clients/client-record.js';
import { safeEqual, sha256 } from '../crypto/random.js';
import type { ServerContext } from '../server-context.js';
import { oauthError } from './http-helpers.js';

/**
 * The client of a token or revocation request: `client_id` in the form (public clients) or HTTP Basic /
 * `client_secret` (confidential ones, whose secret is then required). Answers `invalid_client` (401) otherwise.
 */
export async function authenticateClient(
  ctx: ServerContext,
  request: Request,
  form: Record<string, string>,
): Promise<ClientRecord | Response> {
  let clientId = form.client_id;
  let secret = form.client_secret;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  if (basic) {
    const decoded = atob(basic[1] as string);
    const colon = decoded.indexOf(':');
    if (colon < 0) return refuse('malformed Basic credentials');
    const id = decodeURIComponent(decoded.slice(0, colon));
    if (clientId !== undefined && clientId !== id) return refuse('two different client ids');
    clientId = id;
    secret = decodeURIComponent(decoded.slice(colon + 1));
  }
  if (clientId === undefined) return refuse('client_id is missing');
  let client: ClientRecord;
  try {
    client = await ctx.clients.find(clientId);
  } catch (error) {
    return refuse(error instanceof ClientError ? error.message : 'unknown client');
  }
  if (client.client_secret_hash !== undefined) {
    if (secret === undefined || !safeEqual(await sha256(secret), client.client_secret_hash))
      return refuse('the client secret is missing or wrong');
  }
  return client;
}

function refuse(description: string): Response {
  return oauthError(401, 'invalid_client', description, { 'WWW-Authenticate': 'Basic realm="oauth"' });
}
