import { oauth2Provider, type UpstreamClientOptions } from './oauth2-provider.js';
import { oidcProvider } from './oidc-provider.js';
import type { UpstreamProvider, UpstreamUser } from './upstream-provider.js';

/**
 * GitHub (OAuth App or GitHub App user tokens): plain OAuth 2.0, the user read from `GET /user`. `baseUrl` and
 * `apiUrl` point it at GitHub Enterprise Server or a local stand-in.
 * @example github({ clientId: process.env.GITHUB_CLIENT_ID!, clientSecret: process.env.GITHUB_CLIENT_SECRET, scopeMap: { 'repos:read': ['repo'] } })
 */
export function github(options: UpstreamClientOptions & { baseUrl?: string; apiUrl?: string }): UpstreamProvider {
  const base = (options.baseUrl ?? 'https://github.com').replace(/\/+$/, '');
  const api = (options.apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
  return oauth2Provider({
    scopes: ['read:user'],
    ...options,
    id: 'github',
    displayName: 'GitHub',
    authorizationEndpoint: `${base}/login/oauth/authorize`,
    tokenEndpoint: `${base}/login/oauth/access_token`,
    userInfoEndpoint: `${api}/user`,
    mapUser: (info): UpstreamUser => ({
      id: String(info.id),
      login: typeof info.login === 'string' ? info.login : undefined,
      name: typeof info.name === 'string' ? info.name : undefined,
      email: typeof info.email === 'string' ? info.email : undefined,
    }),
  });
}

/**
 * Google: OpenID Connect; `access_type=offline` and `prompt=consent` so a refresh token comes back.
 * @example google({ clientId, clientSecret, scopes: ['email', 'profile'], scopeMap: { 'drive:read': ['https://www.googleapis.com/auth/drive.readonly'] } })
 */
export function google(options: UpstreamClientOptions): UpstreamProvider {
  return oidcProvider({
    ...options,
    authorizationParams: { access_type: 'offline', prompt: 'consent', ...options.authorizationParams },
    id: 'google',
    displayName: 'Google',
    issuer: 'https://accounts.google.com',
  });
}

/**
 * Microsoft Entra ID (v2.0 endpoints) of one tenant; `offline_access` for a refresh token.
 * @example entra({ tenant: '0f6c…', clientId, clientSecret, scopeMap: { 'mail:read': ['Mail.Read'] } })
 */
export function entra(options: UpstreamClientOptions & { tenant: string }): UpstreamProvider {
  return oidcProvider({
    ...options,
    scopes: ['offline_access', ...(options.scopes ?? ['profile', 'email'])],
    id: 'entra',
    displayName: 'Microsoft',
    issuer: `https://login.microsoftonline.com/${encodeURIComponent(options.tenant)}/v2.0`,
  });
}

/**
 * Okta, through an authorization server of the org (`default` unless named).
 * @example okta({ domain: 'acme.okta.com', clientId, clientSecret })
 */
export function okta(
  options: UpstreamClientOptions & { domain: string; authorizationServer?: string },
): UpstreamProvider {
  const server = options.authorizationServer ?? 'default';
  return oidcProvider({
    ...options,
    scopes: ['offline_access', ...(options.scopes ?? ['profile', 'email'])],
    id: 'okta',
    displayName: 'Okta',
    issuer: `https://${options.domain}/oauth2/${encodeURIComponent(server)}`,
  });
}

/**
 * Auth0 tenant (`audience` names the API whose access tokens the tools use).
 * @example auth0({ domain: 'acme.eu.auth0.com', clientId, clientSecret, audience: 'https://api.acme.example' })
 */
export function auth0(options: UpstreamClientOptions & { domain: string; audience?: string }): UpstreamProvider {
  return oidcProvider({
    ...options,
    scopes: ['offline_access', ...(options.scopes ?? ['profile', 'email'])],
    authorizationParams: { ...(options.audience && { audience: options.audience }), ...options.authorizationParams },
    id: 'auth0',
    displayName: 'Auth0',
    issuer: `https://${options.domain}/`,
  });
}

/**
 * A Keycloak realm.
 * @example keycloak({ baseUrl: 'https://sso.acme.example', realm: 'staff', clientId, clientSecret })
 */
export function keycloak(options: UpstreamClientOptions & { baseUrl: string; realm: string }): UpstreamProvider {
  return oidcProvider({
    ...options,
    id: 'keycloak',
    displayName: 'Keycloak',
    issuer: `${options.baseUrl.replace(/\/+$/, '')}/realms/${encodeURIComponent(options.realm)}`,
  });
}

/**
 * Slack ("Sign in with Slack", OpenID Connect). The token is a user token; API scopes go in `scopeMap`.
 * @example slack({ clientId, clientSecret, scopes: ['profile', 'email'] })
 */
export function slack(options: UpstreamClientOptions): UpstreamProvider {
  return oidcProvider({ ...options, id: 'slack', displayName: 'Slack', issuer: 'https://slack.com' });
}
