// The client side of list/call/read/prompt: Decorum's own client, connected to the local app (its entry run in a
// child process and served over stdio, whatever transport it normally uses) or to a URL over Streamable HTTP.
import { connectHttp, type McpClient } from '@decorum/protocol/client';
import { connectStdio } from '@decorum/protocol/client/stdio';
import { nodeArgs, ownFile } from '../child-node.js';
import { CliError } from '../cli-error.js';
import { resolveProject } from '../project.js';
import { runEntryEnv } from '../run-entry-mode.js';
import { cliOAuth } from './login/cli-oauth.js';

const CLIENT_INFO = { name: 'decorum-cli', version: '0.1.0' };

/** Where a client command connects. */
export interface Target {
  cwd: string;
  /** A local entry (default: the project's); ignored with `url`. */
  entry?: string;
  url?: string;
  /** Extra HTTP headers (`Name: value`), e.g. Authorization. */
  headers?: string[];
}

/** A connected client and how to let it go (the child process ends with it). */
export interface Connection {
  client: McpClient;
  close(): Promise<void>;
}

/** `Name: value` headers as a record; a malformed one is a {@link CliError}. */
export function headerRecord(headers: readonly string[] = []): Record<string, string> {
  const record: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new CliError(`--header must look like "Name: value", got "${header}".`);
    record[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return record;
}

/** An absolute URL, or a {@link CliError} naming the option. */
export function parseUrl(raw: string, option = '--url'): URL {
  try {
    return new URL(raw);
  } catch {
    throw new CliError(`${option} must be an absolute URL such as http://127.0.0.1:3000/mcp, got "${raw}".`);
  }
}

/** What the CLI tells the user while a command runs (stderr: stdout is the answer, or an MCP stream). */
export const say = (line: string) => process.stderr.write(`[decorum] ${line}\n`);

/**
 * The OAuth login for an upstream URL, unless the command line gave credentials (an Authorization header): a
 * server that answers 401 gets a login in the browser, and the tokens are kept and refreshed (see `decorum login`).
 */
export function loginFor(url: URL, headers: Record<string, string>): ReturnType<typeof cliOAuth> | undefined {
  const given = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  return given ? undefined : cliOAuth(url, { say });
}

/** Connects to `target`; a server that cannot be reached or started is a {@link CliError}. */
export async function connect(target: Target): Promise<Connection> {
  if (target.url !== undefined) {
    const url = parseUrl(target.url);
    const headers = headerRecord(target.headers);
    const token = loginFor(url, headers);
    let client: McpClient;
    try {
      client = await connectHttp(url, { clientInfo: CLIENT_INFO, headers, ...(token && { token }) });
    } catch (error) {
      const cause = (error as Error).cause as Error | undefined;
      throw new CliError(`Cannot connect to ${url.href}: ${cause?.message ?? (error as Error).message}`);
    }
    return { client, close: () => client.close() };
  }
  const project = resolveProject(target.cwd, target.entry);
  let client: McpClient;
  try {
    client = await connectStdio(
      {
        command: process.execPath,
        args: nodeArgs(ownFile('run-entry'), [project.entry]),
        env: runEntryEnv({ serve: 'stdio' }),
        cwd: project.root,
        stderr: 'pipe',
      },
      { clientInfo: CLIENT_INFO },
    );
  } catch (error) {
    throw new CliError(`The app did not start: ${(error as Error).message}`);
  }
  return { client, close: () => client.close() };
}
