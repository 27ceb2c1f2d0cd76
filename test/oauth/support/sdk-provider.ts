// The official SDK v1's OAuthClientProvider for the tests: client information, tokens and the verifier in memory,
// and redirectToAuthorization driving headless Chromium through the upstream login and Decorum's consent page.

import { createServer, type Server } from 'node:http';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { BrowserContext } from 'playwright-core';
import { clickThroughLogin } from './browser-login.js';

/**
 * The redirect URI a client registers: loopback, on a port picked at run time (RFC 8252 §7.3 lets the port
 * differ from the registered one), as a native MCP client's local callback server does.
 */
export const REDIRECT_URL = 'http://127.0.0.1:7788/callback';

export class BrowserOAuthProvider implements OAuthClientProvider {
  private info?: OAuthClientInformationMixed;
  private saved?: OAuthTokens;
  private verifier?: string;
  /** The code the last browser flow brought back. */
  code?: Promise<string>;
  /** Authorization URLs asked for (after revocation, the SDK asks again). */
  readonly redirects: URL[] = [];
  /** When false, a redirect is only recorded (the test expects no new login). */
  interactive = true;

  private callbackUrl = REDIRECT_URL;
  private server?: Server;
  private onCode?: (code: string) => void;

  constructor(
    private readonly browser: BrowserContext,
    private readonly login: string,
    readonly clientMetadataUrl?: string,
  ) {}

  /** Starts the local callback server (port 0) that receives the code. */
  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.callbackUrl);
      if (url.pathname === '/callback') this.onCode?.(url.searchParams.get('code') ?? 'none');
      res.writeHead(200, { 'content-type': 'text/plain' }).end('You can close this window.');
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.callbackUrl = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/callback`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get redirectUrl(): string {
    return this.callbackUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.clientMetadataUrl ? 'SDK via CIMD' : 'SDK via DCR',
      redirect_uris: [this.callbackUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.info;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    this.info = info;
  }

  tokens(): OAuthTokens | undefined {
    return this.saved;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no code verifier saved');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier'): void {
    if (scope === 'all' || scope === 'tokens') this.saved = undefined;
    if (scope === 'all' || scope === 'client') this.info = undefined;
  }

  redirectToAuthorization(url: URL): void {
    this.redirects.push(url);
    if (this.interactive) this.code = this.drive(url);
  }

  /** Clicks through the upstream login, its consent, and Decorum's consent page; resolves with the code. */
  private async drive(url: URL): Promise<string> {
    let code: string | undefined;
    this.onCode = (value) => {
      code = value;
    };
    await clickThroughLogin(this.browser, url, this.login, () => code !== undefined);
    return code as string;
  }
}
