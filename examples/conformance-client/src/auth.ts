// The auth/* scenarios: the client's OAuth (authorization code + PKCE through a user agent that follows the
// authorization server's immediate redirect), pre-registration, and the client credentials extension.
import {
  clientCredentials,
  idJagAssertion,
  jwtBearer,
  OAuthClient,
  type TokenProvider,
} from '@decorum/protocol/client';
import type { Run } from './context.js';
import { connect } from './exercise.js';

/** Where the suite's authorization server sends the user agent back (never listened on: the code is read). */
const REDIRECT_URI = 'http://localhost:3000/callback';
/** The client ID metadata document URL the suite's CIMD scenario expects. */
const CLIENT_METADATA_URL = 'https://conformance-test.local/client-metadata.json';

/** A user agent that follows no redirect: the authorization endpoint answers at once with one, to REDIRECT_URI. */
async function userAgent(authorizationUrl: URL): Promise<string> {
  const response = await fetch(authorizationUrl, { redirect: 'manual' });
  await response.body?.cancel();
  const location = response.headers.get('location');
  if (location === null) throw new Error(`The authorization endpoint answered ${response.status} without a redirect`);
  return new URL(location, authorizationUrl).href;
}

/** The OAuth client of the authorization code scenarios. */
function oauth(run: Run): OAuthClient {
  const preRegistered =
    run.scenario === 'auth/pre-registration' && run.context.client_id !== undefined
      ? { client_id: run.context.client_id, client_secret: run.context.client_secret }
      : undefined;
  return new OAuthClient({
    server: run.serverUrl,
    redirectUri: REDIRECT_URI,
    authorize: userAgent,
    clientMetadata: { client_name: 'decorum-conformance-client', application_type: 'native' },
    clientMetadataUrl: CLIENT_METADATA_URL,
    client: preRegistered,
  });
}

/** Lists the tools and calls test-tool with a token from `token`. */
async function use(run: Run, token: TokenProvider, call = true): Promise<void> {
  const client = await connect(run, { token });
  try {
    await client.listTools();
    if (call) await client.callTool('test-tool', {});
  } finally {
    await client.close();
  }
}

/** Authorization code scenarios: discovery variants, CIMD, DCR, scopes, step-up, token auth methods, issuer checks. */
export function authorizationCode(run: Run): Promise<void> {
  return use(run, oauth(run), run.scenario !== 'auth/pre-registration');
}

/** The client credentials extension: a secret (client_secret_basic) or a signed JWT (private_key_jwt). */
export function machine(run: Run): Promise<void> {
  const { client_id: clientId, client_secret: clientSecret, private_key_pem: privateKeyPem } = run.context;
  if (clientId === undefined) throw new Error(`${run.scenario}: the context has no client_id`);
  const token = clientCredentials({
    resource: run.serverUrl,
    clientId,
    clientSecret,
    privateKeyPem,
    signingAlgorithm: run.context.signing_algorithm,
  });
  return use(run, token, false);
}

/** Workload identity federation: the platform's JWT as the assertion of the JWT bearer grant. */
export function workload(run: Run): Promise<void> {
  const { client_id: clientId, valid_jwt: assertion } = run.context;
  if (assertion === undefined) throw new Error(`${run.scenario}: the context has no valid_jwt`);
  return use(run, jwtBearer({ resource: run.serverUrl, clientId, assertion }), false);
}

/** Enterprise-managed authorization (SEP-990): the user's ID token exchanged at the IdP for an ID-JAG, then the grant. */
export function enterprise(run: Run): Promise<void> {
  const {
    client_id: clientId,
    client_secret: clientSecret,
    idp_client_id,
    idp_id_token,
    idp_token_endpoint,
  } = run.context;
  if (idp_client_id === undefined || idp_id_token === undefined || idp_token_endpoint === undefined) {
    throw new Error(`${run.scenario}: the context lacks the IdP's client, ID token or token endpoint`);
  }
  const assertion = idJagAssertion({
    idpTokenEndpoint: idp_token_endpoint,
    idToken: idp_id_token,
    idpClientId: idp_client_id,
  });
  return use(run, jwtBearer({ resource: run.serverUrl, clientId, clientSecret, assertion }));
}
