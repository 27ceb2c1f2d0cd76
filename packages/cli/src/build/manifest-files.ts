// The files `decorum build` writes from a run of the built app: mcp-manifest.json (what the providers
// declare), server.json (the MCP registry's format) and server-card.json. The app runs in a child process
// under a host that reads its lists instead of serving (run-entry.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { ListenOptions } from '@decorum/core';
import { nodeArgs, ownFile } from '../child-node.js';
import { CliError } from '../cli-error.js';
import type { Project } from '../project.js';
import { runEntryEnv } from '../run-entry-mode.js';
import type { McpManifest } from './capture-manifest.js';
import { CACHE_OUT_ENV } from './script-bundle.js';
import { serverCardJson } from './server-card-json.js';
import { registryName, serverJson } from './server-json.js';
import { envReadsWithoutFallback, unsetEnvWarning } from './unset-env.js';

/**
 * Reads the manifest by starting `project.builtEntry` and writes mcp-manifest.json, server.json and
 * server-card.json next to package.json; `cache` is the code cache that run writes (Node target).
 */
export async function writeManifests(
  project: Project,
  withLists: boolean,
  cache: { cache: string; cwd: string } | undefined,
  log: (line: string) => void,
): Promise<void> {
  const { manifest, where, unsetEnv } = await readManifest(project, withLists, cache?.cache);
  if (cache !== undefined) logCache(cache.cache, cache.cwd, log);
  await writeFile(join(project.root, 'mcp-manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const registry = serverJson(project.manifest, manifest.server, where);
  await writeFile(join(project.root, 'server.json'), `${JSON.stringify(registry, null, 2)}\n`);
  // The Server Card (experimental): the same data, for HTTP discovery.
  const card = serverCardJson(registry, manifest.server, project.manifest.decorum?.remoteUrl);
  await writeFile(join(project.root, 'server-card.json'), `${JSON.stringify(card, null, 2)}\n`);
  const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  const counts = [
    count(manifest.tools.length, 'tool'),
    count(manifest.resources.length, 'resource'),
    count(manifest.templates.length, 'template'),
    count(manifest.prompts.length, 'prompt'),
    ...(manifest.skills ? [count(manifest.skills.length, 'skill')] : []),
  ].join(', ');
  log(`wrote mcp-manifest.json (${counts}), server.json and server-card.json`);
  for (const line of manifestDetails(manifest)) log(line);
  const ownReads = envReadsWithoutFallback(dirname(project.entry));
  const warning = unsetEnvWarning((unsetEnv ?? []).filter((name) => ownReads.has(name)));
  if (warning !== undefined) log(warning);
  if (registryName(project.manifest).guessed) {
    log(`server.json: name guessed as "${registryName(project.manifest).name}"; set "mcpName" in package.json.`);
  }
}

/** What a reader of the build's output should know of the manifest beyond the counts: views, app-only and protected entries. */
function manifestDetails(manifest: McpManifest): string[] {
  const lines: string[] = [];
  const views = manifest.resources.filter((r) => r.mimeType === 'text/html;profile=mcp-app').map((r) => String(r.uri));
  const appOnly = manifest.tools
    .filter((t) => {
      const visibility = ((t._meta as { ui?: { visibility?: unknown } } | undefined)?.ui?.visibility ??
        []) as unknown[];
      return visibility.length > 0 && !visibility.includes('model');
    })
    .map((t) => String(t.name));
  if (views.length > 0) lines.push(`  MCP App views: ${views.join(', ')}`);
  if (appOnly.length > 0) lines.push(`  app-only tools (hosts keep them from the model): ${appOnly.join(', ')}`);
  const entries = [...manifest.tools, ...manifest.resources, ...manifest.templates, ...manifest.prompts];
  const scoped = entries
    .filter((e) => e.authorization !== undefined)
    .map((e) => {
      const scopes = e.authorization?.scopes ?? [];
      return `${String(e.uri ?? e.uriTemplate ?? e.name)} (${scopes.length > 0 ? scopes.join(' ') : 'any authenticated caller'})`;
    });
  if (scoped.length > 0) lines.push(`  @Authorized: ${scoped.join(', ')}`);
  return lines;
}

/** Runs the built entry in a child process under a host that reads the lists instead of serving. */
export async function readManifest(
  project: Project,
  withLists: boolean,
  cache: string | undefined,
): Promise<{ manifest: McpManifest; where: ListenOptions; unsetEnv?: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'decorum-build-'));
  const file = join(dir, 'manifest.json');
  try {
    // The app gets the argv of `node dist/server.js`; what run-entry is to do travels in the environment.
    const env = { ...process.env, ...runEntryEnv({ manifest: file, withLists }) };
    // The loader writes the code cache as this process exits, with the app built and its lists read.
    if (cache !== undefined) env[CACHE_OUT_ENV] = cache;
    const child = spawn(process.execPath, nodeArgs(ownFile('run-entry'), [project.builtEntry]), {
      cwd: project.root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0) {
      throw new CliError(`The built app failed to start, so no manifest was written:\n${stderr.trim()}`);
    }
    return JSON.parse(await readFile(file, 'utf8'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Says whether the app's run left the code cache (an entry that ends the process its own way may not have). */
export function logCache(cache: string, cwd: string, log: (line: string) => void): void {
  if (existsSync(cache)) log(`wrote the code cache ${relative(cwd, cache)}`);
  else log(`no code cache: the built app's run at build time did not write ${relative(cwd, cache)}`);
}
