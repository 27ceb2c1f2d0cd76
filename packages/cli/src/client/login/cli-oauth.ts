// The CLI's OAuth client for one MCP server: tokens in the user's file store, the login through the system browser
// (or the printed URL) and a loopback redirect, a registration reused while its redirect port is free.
import { OAuthClient } from '@decorum/protocol/client';
import { fileTokenStore } from './file-token-store.js';
import { type LoopbackRedirect, loopbackRedirect } from './loopback-redirect.js';
import { openBrowser } from './open-browser.js';

/** Options of {@link cliOAuth}. */
export interface CliOAuthOptions {
  /** Where messages for the user go (stderr: stdout may be an MCP stream). */
  say: (line: string) => void;
  /** How long a login may take. Default 5 minutes. */
  timeoutMs?: number;
  /** The token store directory (default: see authDirectory). */
  directory?: string;
  env?: NodeJS.ProcessEnv;
}

/**
 * The OAuth client the CLI uses for `server`: it logs in when the server answers 401, and not before.
 * @example const client = await connectHttp(url, { token: cliOAuth(url, { say }) });
 */
export function cliOAuth(server: URL, options: CliOAuthOptions): OAuthClient {
  const store = fileTokenStore(server, options.directory);
  let redirect: LoopbackRedirect | undefined;
  return new OAuthClient({
    server,
    store,
    clientMetadata: { client_name: 'Decorum CLI', application_type: 'native' },
    redirectUri: async () => {
      redirect?.close();
      const remembered = (await store.load())?.client?.redirect_uri;
      const port = remembered === undefined ? undefined : Number(new URL(remembered).port) || undefined;
      redirect = await loopbackRedirect({ port, timeoutMs: options.timeoutMs });
      return redirect.uri;
    },
    authorize: async (url) => {
      const waiting = redirect;
      if (waiting === undefined) throw new Error('The login listener is not running');
      options.say(`${server.href} asks you to log in.`);
      openBrowser(url, options.say, options.env);
      try {
        return await waiting.callback;
      } finally {
        waiting.close();
      }
    },
  });
}
