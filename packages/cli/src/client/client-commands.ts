// `decorum list | call | read | prompt`: one request (or a few list pages) through Decorum's own
// client, printed readably or as JSON.
import type { McpClient } from '@decorum/protocol/client';
import { checkPositionals, type ParsedArgs, parseArgv } from '../argv.js';
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

/** What each client command takes besides options (more is an error). */
const POSITIONALS: Readonly<Record<string, readonly string[]>> = {
  list: [],
  call: ['tool'],
  read: ['uri'],
  prompt: ['name'],
};

/** A value after `--json` that is meant as the tool's arguments: JSON-looking, or valid JSON. */
function looksLikeJson(token: string): boolean {
  if (/^\s*[{["]/.test(token)) return true;
  try {
    JSON.parse(token);
    return true;
  } catch {
    return false;
  }
}

/**
 * For `call`, `--json <value>` is the arguments (which must be a JSON object); a bare `--json`
 * asks for JSON output. Other commands take no JSON arguments: there the value is a stray word.
 */
function splitJsonArguments(
  command: string,
  argv: readonly string[],
): { argv: string[]; json?: Record<string, unknown> } {
  const out = [...argv];
  if (command !== 'call') return { argv: out };
  const at = out.findIndex(
    (arg, i) => arg === '--json' && out[i + 1] !== undefined && looksLikeJson(out[i + 1] as string),
  );
  if (at === -1) return { argv: out };
  const [, raw] = out.splice(at, 2) as [string, string];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new CliError(`--json arguments are not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const got = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    throw new CliError(
      `--json arguments must be a JSON object of the tool's arguments, like '{"name": "Ada"}'; got ${got}.`,
    );
  }
  return { argv: out, json: value as Record<string, unknown> };
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

async function run(
  command: string,
  args: ParsedArgs,
  client: McpClient,
  json?: Record<string, unknown>,
): Promise<ClientOutput> {
  const asJson = args.flags.has('json');
  const print = (result: unknown, text: () => string) => (asJson ? JSON.stringify(result, null, 2) : text());
  const caps = client.serverCapabilities;
  const [name] = args.positionals;
  if (command === 'list') {
    const lists = {
      tools: caps.tools ? ((await client.listTools()) as unknown as Json[]) : [],
      resources: caps.resources ? ((await client.listResources()) as unknown as Json[]) : [],
      resourceTemplates: caps.resources ? ((await client.listResourceTemplates()) as unknown as Json[]) : [],
      prompts: caps.prompts ? ((await client.listPrompts()) as unknown as Json[]) : [],
    };
    return { text: print(lists, () => formatLists(lists)), failed: false };
  }
  if (name === undefined) throw new CliError(`decorum ${command} needs a ${command === 'read' ? 'URI' : 'name'}.`);
  if (command === 'call') {
    const tools = await client.listTools();
    const tool = tools.find((t) => t.name === name);
    if (tool === undefined) {
      throw new CliError(`No tool "${name}". Tools: ${tools.map((t) => t.name).join(', ') || 'none'}.`);
    }
    const properties = ((tool.inputSchema as Json).properties ?? {}) as Record<string, Json>;
    const fromJson = json ?? {};
    const result = (await client.callTool(name, { ...fromJson, ...keyValues(args, properties) })) as unknown as Json;
    return { text: print(result, () => formatToolResult(result)), failed: result.isError === true };
  }
  if (command === 'read') {
    const result = (await client.readResource(name)) as unknown as Json;
    const contents = (result.contents ?? []) as Json[];
    return { text: print(result, () => contents.map(formatResourceContents).join('\n')), failed: false };
  }
  const promptArgs = Object.fromEntries(Object.entries(keyValues(args)).map(([k, v]) => [k, String(v)]));
  const result = (await client.getPrompt(name, promptArgs)) as unknown as Json;
  return { text: print(result, () => formatPrompt(result)), failed: false };
}

/** Runs a client command (`list`, `call`, `read`, `prompt`) and returns what to print. */
export async function clientCommand(command: string, argv: readonly string[], cwd: string): Promise<ClientOutput> {
  const { argv: rest, json } = splitJsonArguments(command, argv);
  const args = parseArgv(rest, OPTIONS);
  if (args.flags.has('help')) return { text: CLIENT_USAGE, failed: false };
  // Mistakes in the command line are told before the app is started.
  checkPositionals(args, command, POSITIONALS[command] ?? []);
  if (command !== 'list' && args.positionals[0] === undefined) {
    throw new CliError(`decorum ${command} needs a ${command === 'read' ? 'URI' : 'name'}.`);
  }
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
