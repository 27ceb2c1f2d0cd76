// `decorum login <url>`: logs in to an OAuth-protected MCP server now (browser or printed URL, loopback redirect),
// keeping the tokens for later `list`, `call`, `read`, `prompt` and `proxy` runs against the same URL.
import { connectHttp } from '@decorum/protocol/client';
import { checkPositionals, parseArgv } from '../argv.js';
import { CliError } from '../cli-error.js';
import { parseUrl, say } from './connect.js';
import { cliOAuth } from './login/cli-oauth.js';
import { fileTokenStore } from './login/file-token-store.js';

/** Usage of `decorum login`. */
export const LOGIN_USAGE = `Usage:
  decorum login <url>        log in to an OAuth-protected MCP server (tokens kept per server, mode 0600)

Opens the system browser ($BROWSER; BROWSER=none only prints the URL) and waits for the redirect on a loopback
port. Later list/call/read/prompt/proxy runs against the URL use and refresh the tokens, and log in again when
the server asks.`;

/** Runs `decorum login`; resolves with the line to print. */
export async function loginCommand(argv: readonly string[]): Promise<string> {
  const args = parseArgv(argv, {});
  if (args.flags.has('help')) return LOGIN_USAGE;
  checkPositionals(args, 'login', ['url']);
  const [raw] = args.positionals;
  if (raw === undefined) throw new CliError(`decorum login needs the server's URL.\n\n${LOGIN_USAGE}`);
  const url = parseUrl(raw, 'The server URL');
  // A login on purpose starts over: the tokens are dropped (the client registration is kept).
  const store = fileTokenStore(url);
  const stored = await store.load();
  if (stored?.tokens !== undefined) {
    const { tokens: _dropped, ...rest } = stored;
    await store.save(rest);
  }
  const oauth = cliOAuth(url, { say });
  try {
    const client = await connectHttp(url, { clientInfo: { name: 'decorum-cli', version: '0.1.0' }, token: oauth });
    if (client.serverCapabilities.tools) await client.listTools();
    await client.close();
  } catch (error) {
    throw new CliError(`Cannot log in to ${url.href}: ${(error as Error).message}`);
  }
  return (await store.load())?.tokens === undefined
    ? `${url.href} did not ask for a login: nothing to keep.`
    : `Logged in to ${url.href}.`;
}
