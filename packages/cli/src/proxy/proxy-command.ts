// `decorum proxy`: serves another MCP server under another transport — a command's stdio server over Streamable
// HTTP, or an HTTP server over stdio. Built on mounts: the proxy is an app with one unprefixed mount, so transforms
// apply and everything the mounted server announces (list changes, updates, progress, questions) is forwarded.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { MountSource, Transforms } from '@decorum/core';
import { type Authenticate, lookupApiKey } from '@decorum/protocol';
import { checkPositionals, integerOption, parseArgv } from '../argv.js';
import { CliError } from '../cli-error.js';
import { headerRecord, loginFor, parseUrl } from '../client/connect.js';
import { type ProbedSource, probeSource, runsToolTasks } from './probed-source.js';

/** Usage of `decorum proxy`. */
export const PROXY_USAGE = `Usage:
  decorum proxy [options] -- <command> [args…]   a stdio server, served over Streamable HTTP
  decorum proxy [options] <url>                   an HTTP server, served over stdio

Options:
  --http | --stdio          how to serve it (default: --http for a command, --stdio for a URL)
  --port <n>                HTTP port (default 3000; 0 picks a free one)
  --host <h>                HTTP interface (default 127.0.0.1)
  --header "Name: value"    extra header to the upstream URL (repeatable), e.g. Authorization
  --token <t>               bearer token for the upstream URL
  --protocol-version <v>    revision to speak upstream (default 2025-11-25; 2026-07-28 or auto)
  --transforms <file.json>  hide, rename or redescribe tools, prompts and resources (see docs/composition.md)
  --auth-token-env <VAR>    HTTP: clients must send "Authorization: Bearer <the value of $VAR>"
  --env NAME[=value]        a command: set NAME in its environment (repeatable; NAME alone passes ours on).
                            It inherits only PATH, HOME, the locale and a few such variables otherwise.

The HTTP endpoint is printed on stderr: "[decorum] proxy: <upstream> → http://127.0.0.1:3000/mcp".`;

const OPTIONS = {
  http: 'flag',
  stdio: 'flag',
  port: 'value',
  host: 'value',
  header: 'list',
  token: 'value',
  'protocol-version': 'value',
  transforms: 'value',
  'auth-token-env': 'value',
  env: 'list',
} as const;

/** What `decorum proxy` was asked to do, read from its command line. */
export interface ProxyPlan {
  upstream: { url: URL } | { command: string; args: string[] };
  serve: 'http' | 'stdio';
  port: number;
  host: string;
  headers: Record<string, string>;
  token?: string;
  protocolVersion?: string;
  transforms?: Transforms;
  /** HTTP: the bearer token clients must send. */
  authToken?: string;
  /** A command's environment besides what it inherits (`--env`). */
  env: Record<string, string>;
}

/** Reads the command line (before anything starts, so mistakes are told at once). */
export function proxyPlan(argv: readonly string[], cwd: string): ProxyPlan | undefined {
  const args = parseArgv(argv, OPTIONS);
  if (args.flags.has('help')) return undefined;
  if (args.flags.has('http') && args.flags.has('stdio')) throw new CliError('Give --http or --stdio, not both.');
  let upstream: ProxyPlan['upstream'];
  if (args.rest.length > 0) {
    checkPositionals(args, 'proxy', []);
    upstream = { command: args.rest[0] as string, args: args.rest.slice(1) };
  } else {
    const [target, ...more] = args.positionals;
    if (target === undefined)
      throw new CliError(`decorum proxy needs a URL or "-- <command> [args…]".\n\n${PROXY_USAGE}`);
    upstream = /^https?:\/\//i.test(target)
      ? { url: parseUrl(target, 'The upstream') }
      : { command: target, args: more };
    if ('url' in upstream) checkPositionals(args, 'proxy', ['url']);
  }
  const serve = args.flags.has('stdio')
    ? 'stdio'
    : args.flags.has('http')
      ? 'http'
      : 'url' in upstream
        ? 'stdio'
        : 'http';
  const plan: ProxyPlan = {
    upstream,
    serve,
    port: integerOption(args, 'port', 3000) as number,
    host: args.values.get('host') ?? '127.0.0.1',
    headers: headerRecord(args.lists.get('header')),
    env: envRecord(args.lists.get('env')),
  };
  const token = args.values.get('token');
  if (token !== undefined) plan.token = token;
  const version = args.values.get('protocol-version');
  if (version !== undefined) plan.protocolVersion = version;
  const variable = args.values.get('auth-token-env');
  if (variable !== undefined) {
    const value = process.env[variable];
    if (value === undefined || value === '')
      throw new CliError(`--auth-token-env ${variable}: $${variable} is not set.`);
    plan.authToken = value;
  }
  const file = args.values.get('transforms');
  if (file !== undefined) plan.transforms = readTransforms(resolve(cwd, file));
  return plan;
}

/** `--env NAME=value` sets it; `--env NAME` passes our value on (an unset one is a mistake told at once). */
function envRecord(entries: readonly string[] | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries ?? []) {
    const at = entry.indexOf('=');
    const name = at < 0 ? entry : entry.slice(0, at);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new CliError(`--env ${name}: give a variable name, as NAME or NAME=value.`);
    }
    const value = at < 0 ? process.env[name] : entry.slice(at + 1);
    if (value === undefined) throw new CliError(`--env ${name}: $${name} is not set.`);
    env[name] = value;
  }
  return env;
}

function readTransforms(path: string): Transforms {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read --transforms ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as Transforms;
  } catch (error) {
    throw new CliError(`--transforms ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/** Checks `Authorization: Bearer <token>` (compared in constant time); anything else is answered 401. */
function bearer(token: string): Authenticate {
  const keys = { [token]: { subject: 'proxy-client' } };
  return async (request) => {
    const sent = /^Bearer (.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
    const found = sent === undefined ? undefined : await lookupApiKey({ keys }, sent);
    return found ?? new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } });
  };
}

/** `decorum proxy`: serves the upstream server until a signal (HTTP) or the end of stdin (stdio). */
export async function proxyCommand(argv: readonly string[], cwd: string, log: (line: string) => void): Promise<void> {
  const plan = proxyPlan(argv, cwd);
  if (plan === undefined) {
    process.stderr.write(`${PROXY_USAGE}\n`);
    return;
  }
  const { McpApp, http, stdio } = await import('@decorum/core');
  const { upstream } = plan;
  const versioned = plan.protocolVersion === undefined ? {} : { protocolVersion: plan.protocolVersion };
  const server: MountSource =
    'url' in upstream
      ? http(upstream.url, {
          headers: plan.headers,
          // No credentials given: an OAuth-protected upstream gets a login (browser or printed URL; cached tokens).
          token: plan.token ?? loginFor(upstream.url, plan.headers),
          ...versioned,
        })
      : stdio(upstream.command, upstream.args, { cwd, env: plan.env, stderr: 'inherit', ...versioned });
  let probed: ProbedSource;
  try {
    probed = await probeSource(server);
  } catch (error) {
    throw new CliError(`Cannot proxy ${server.label}: ${(error as Error).message}`);
  }
  const app = new McpApp({
    name: 'decorum-proxy',
    version: '0.1.0',
    providers: [],
    mounts: [{ prefix: '', server: probed.source }],
    ...(plan.transforms !== undefined && { transforms: plan.transforms }),
    // As the upstream does: its tool tasks become the proxy's own (kept in memory), each followed upstream.
    ...(runsToolTasks(probed.capabilities) && { tasks: {} }),
  });
  try {
    if (plan.serve === 'stdio') {
      await app.listen({ stdio: true });
      return;
    }
    const http = { port: plan.port, host: plan.host };
    const { url } = await app.listen({
      http: plan.authToken === undefined ? http : { ...http, authenticate: bearer(plan.authToken) },
    });
    // The app closes its mount too (the spawned server ends with it); then nothing keeps the process.
    const stop = () => {
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      void app.close().finally(() => process.exit(0));
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
    log(`proxy: ${server.label} → ${url?.href}`);
  } catch (error) {
    await app.close().catch(() => undefined);
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliError(`Port ${plan.port} is in use: stop the other server or pass --port <n> (0 picks a free one).`);
    }
    throw new CliError(`Cannot proxy ${server.label}: ${(error as Error).message}`);
  }
}
