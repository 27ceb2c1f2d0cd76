// @decorum/oauth: a Decorum app as its own OAuth 2.1 authorization server in front of upstream identity
// providers. The root entry runs in any JavaScript runtime; Node-only parts are in `@decorum/oauth/node`.
export {
  type ClientAuthMethod,
  ClientError,
  type ClientRecord,
  type StaticClient,
} from './clients/client-record.js';
export {
  type DocumentFetcher,
  type FetchedDocument,
  type MetadataDocumentOptions,
  metadataUrlProblem,
} from './clients/metadata-document.js';
export { matchRedirectUri, redirectUriProblem } from './clients/redirect-uri.js';
export { Sealer, type SealingKey } from './crypto/sealer.js';
export type { ConsentBranding, ConsentView } from './endpoints/consent-types.js';
export { OAuthServer } from './oauth-server.js';
export type { OAuthServerOptions } from './options.js';
export { MemoryOAuthStore, type OAuthStore } from './store/oauth-store.js';
export {
  defaultUserMapping,
  type OAuth2ProviderOptions,
  oauth2Provider,
  type UpstreamClientOptions,
} from './upstream/oauth2-provider.js';
export { type OidcProviderOptions, oidcProvider } from './upstream/oidc-provider.js';
export { auth0, entra, github, google, keycloak, okta, slack } from './upstream/presets.js';
export { upstreamScopes } from './upstream/scope-map.js';
export { TokenVault, type TokenVaultOptions } from './upstream/token-vault.js';
export type { UpstreamHttpOptions } from './upstream/upstream-http.js';
export {
  type UpstreamAuthorizeInput,
  UpstreamError,
  type UpstreamExchangeInput,
  type UpstreamLogin,
  type UpstreamProvider,
  type UpstreamTokens,
  type UpstreamUser,
} from './upstream/upstream-provider.js';
export { type UpstreamAccessor, upstreamToken } from './upstream-access.js';
