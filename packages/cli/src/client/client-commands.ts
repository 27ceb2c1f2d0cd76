// `decorum list | call | read | prompt`: one request (or a few list pages) through the official
// client, printed readably or as JSON.
import type { Client } from '@modelcontextprotocol/client';
import { type ParsedArgs, parseArgv } from '../argv.js';
import { CliError } from '../cli-error.js';
import { connect } from './connect.js';
import { formatLists, formatPrompt, formatResourceContents, formatToolResult } from './format.js';

type Json = Record<string, unknown>;

/** Usage of the client commands. */
export const CLIENT_USAGE = `Usage:
  decorum list [--json]
  decorum call <tool> [--arg key=value …] [--json '{"key": …}'] [--json]
  decorum read <uri> [--json]
  decorum prompt <name> [--arg key=value …] [--json]

Against the local app (its entry, run over stdio; --entry <file> to pick another) or --url <http://…/mcp>
(--header "Authorization: Bearer …" adds a header). --json prints the raw result.`;

const OPTIONS = { entry: 'value', url: 'value', header: 'list', arg: 'list', json: 'flag' } as const;

/** What a client command prints, and whether the process should fail (a tool error). */
export interface ClientOutput {
  text: string;
  failed: boolean;
}

/** `--json '{…}'` is the arguments; a bare `--json` asks for JSON output. */
function splitJsonArguments(argv: readonly string[]): { argv: string[]; json?: string } {
  const out = [...argv];
  const at = out.findIndex((arg, i) => arg === '--json' && out[i + 1]?.trimStart().startsWith('{'));
  if (at === -1) return { argv: out };
  const [, json] = out.splice(at, 2);
  return { argv: out, json };
}

/** A `--arg` value typed by the tool's schema: strings stay strings, everything else is read as JSON. */
function coerce(raw: string, schema: Json | undefined): unknown {
  if (schema?.type === 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    const type = schema?.type;
    if (typeof type === 'string' && ['number', 'integer', 'boolean', 'object', 'array'].includes(type)) {
      throw new CliError(`--arg value "${raw}" is not a valid ${type}.`);
    }
    return raw;
  }
}

function keyValues(args: ParsedArgs, properties: Record<string, Json> = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const pair of args.lists.get('arg') ?? []) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`--arg must look like key=value, got "${pair}".`);
    const key = pair.slice(0, eq);
    out[key] = coerce(pair.slice(eq + 1), properties[key]);
  }
  return out;
}

async function listAll<T>(fetchPage: (cursor?: string) => Promise<{ nextCursor?: string } & T>, key: keyof T) {
  const items: Json[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    items.push(...(page[key] as Json[]));
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}

async function run(command: string, args: ParsedArgs, client: Client, json?: string): Promise<ClientOutput> {
  const asJson = args.flags.has('json');
  const print = (result: unknown, text: () => string) => (asJson ? JSON.stringify(result, null, 2) : text());
  const caps = client.getServerCapabilities() ?? {};
  const [name] = args.positionals;
  if (command === 'list') {
    const lists = {
      tools: caps.tools ? await listAll((cursor) => client.listTools({ cursor }), 'tools') : [],
      resources: caps.resources ? await listAll((cursor) => client.listResources({ cursor }), 'resources') : [],
      resourceTemplates: caps.resources
        ? await listAll((cursor) => client.listResourceTemplates({ cursor }), 'resourceTemplates')
        : [],
      prompts: caps.prompts ? await listAll((cursor) => client.listPrompts({ cursor }), 'prompts') : [],
    };
    return { text: print(lists, () => formatLists(lists)), failed: false };
  }
  if (name === undefined) throw new CliError(`decorum ${command} needs a ${command === 'read' ? 'URI' : 'name'}.`);
  if (command === 'call') {
    const tools = await listAll((cursor) => client.listTools({ cursor }), 'tools');
    const tool = tools.find((t) => t.name === name);
    if (tool === undefined) {
      throw new CliError(`No tool "${name}". Tools: ${tools.map((t) => t.name).join(', ') || 'none'}.`);
    }
    const properties = ((tool.inputSchema as Json).properties ?? {}) as Record<string, Json>;
    let fromJson: Record<string, unknown> = {};
    if (json !== undefined) {
      try {
        fromJson = JSON.parse(json);
      } catch (error) {
        throw new CliError(`--json arguments are not valid JSON: ${(error as Error).message}`);
      }
    }
    const result = (await client.callTool({
      name,
      arguments: { ...fromJson, ...keyValues(args, properties) },
    })) as Json;
    return { text: print(result, () => formatToolResult(result)), failed: result.isError === true };
  }
  if (command === 'read') {
    const result = (await client.readResource({ uri: name })) as Json;
    const contents = (result.contents ?? []) as Json[];
    return { text: print(result, () => contents.map(formatResourceContents).join('\n')), failed: false };
  }
  const promptArgs = Object.fromEntries(Object.entries(keyValues(args)).map(([k, v]) => [k, String(v)]));
  const result = (await client.getPrompt({ name, arguments: promptArgs })) as Json;
  return { text: print(result, () => formatPrompt(result)), failed: false };
}

/** Runs a client command (`list`, `call`, `read`, `prompt`) and returns what to print. */
export async function clientCommand(command: string, argv: readonly string[], cwd: string): Promise<ClientOutput> {
  const { argv: rest, json } = splitJsonArguments(argv);
  const args = parseArgv(rest, OPTIONS);
  if (args.flags.has('help')) return { text: CLIENT_USAGE, failed: false };
  const connection = await connect({
    cwd,
    entry: args.values.get('entry'),
    url: args.values.get('url'),
    headers: args.lists.get('header'),
  });
  try {
    return await run(command, args, connection.client, json);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${command} failed: ${(error as Error).message}`);
  } finally {
    await connection.close();
  }
}
