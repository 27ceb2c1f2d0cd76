// The client side of list/call/read/prompt: the official MCP client, connected to the local app
// (its entry run in a child process and served over stdio, whatever transport it normally uses) or
// to a URL over Streamable HTTP.
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { nodeArgs, ownFile } from '../child-node.js';
import { CliError } from '../cli-error.js';
import { resolveProject } from '../project.js';

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
  client: Client;
  close(): Promise<void>;
}

function headerRecord(headers: readonly string[] = []): Record<string, string> {
  const record: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new CliError(`--header must look like "Name: value", got "${header}".`);
    record[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return record;
}

/** Connects to `target`; a server that cannot be reached or started is a {@link CliError}. */
export async function connect(target: Target): Promise<Connection> {
  const client = new Client({ name: 'decorum-cli', version: '0.1.0' }, { capabilities: {} });
  if (target.url !== undefined) {
    let url: URL;
    try {
      url = new URL(target.url);
    } catch {
      throw new CliError(`--url must be an absolute URL such as http://127.0.0.1:3000/mcp, got "${target.url}".`);
    }
    const transport = new StreamableHTTPClientTransport(url, {
      requestInit: { headers: headerRecord(target.headers) },
    });
    try {
      await client.connect(transport);
    } catch (error) {
      throw new CliError(`Cannot connect to ${url.href}: ${(error as Error).message}`);
    }
    return { client, close: () => client.close() };
  }
  const project = resolveProject(target.cwd, target.entry);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: nodeArgs(ownFile('run-entry'), [project.entry, '--stdio']),
    cwd: project.root,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  try {
    await client.connect(transport);
  } catch (error) {
    await client.close().catch(() => {});
    throw new CliError(`The app did not start: ${stderr.trim() || (error as Error).message}`);
  }
  return { client, close: () => client.close() };
}
