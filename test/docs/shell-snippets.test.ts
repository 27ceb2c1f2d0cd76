// Every shell command in README.md and docs/ (```sh blocks) runs on this checkout as the page shows it, after CI's
// `npm ci && npm run build`: one-shot commands must exit 0 (and print what the page says they print, where it says),
// servers must answer an MCP initialize and stop on Ctrl-C with their whole process group. What cannot run here is in
// PLANS with the reason. Paths under /tmp/ become a fresh folder of this run; fixed ports become free ones.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../create-mcp-app/support.js';
import {
  groupAlive,
  INITIALIZE,
  initializeOverHttp,
  type Running,
  runToEnd,
  shellEnv,
  signalGroup,
  start,
  stdioAnswer,
  waitFor,
} from './support/run-command.js';
import { type Snippet, shellPages, shellSnippets } from './support/shell-snippets.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = mkdtempSync(join(tmpdir(), 'docs-shell-'));
/** The project the create-mcp-app page scaffolds; the cli page's project commands run in it. */
const PROJECT = join(WORK, 'my-server');
afterAll(() => rmSync(WORK, { recursive: true, force: true }));
// CI has built everything; a checkout that has not gets the missing packages built (the bins and `npm pack` need dist/).
beforeAll(() => ensureBuilt(['protocol', 'core', 'testing', 'redis', 'cli', 'create-mcp-app']), 600_000);

interface Plan {
  /** Why the command cannot run here. */
  skip?: string;
  /** What runs instead of the page's text, when it must differ (the comment says why). */
  run?: string;
  /** 'project': the scaffolded project (a project with @decorum/cli installed, as the page assumes). */
  cwd?: 'project';
  /** A long-running server: over stdio, HTTP, or `http` endpoints at once. */
  server?: 'stdio' | 'stdio+http' | { http: number };
  /** Run first, in the same folder. */
  setup?: string;
  /** Needs the weather showcase running: its URL replaces http://127.0.0.1:3000/mcp. */
  againstShowcase?: true;
  /** Needs Redis (CI starts it): its URL replaces redis://127.0.0.1:6379. */
  redis?: true;
  timeoutMs?: number;
  /** Runs before the other commands: the scaffold that the pages' project commands need. */
  first?: true;
  /** How the server is stopped: Ctrl-C (SIGINT to its group) unless the page starts it in the background. */
  stopSignal?: NodeJS.Signals;
}

const NO_BENCH =
  'a benchmark: 1 to 5 minutes of both cores, and its figures, not an exit status, are the point (docs/benchmarks.md)';
/** Keyed by `<page>: <command>`; a command not listed here must simply exit 0. */
const PLANS: Record<string, Plan> = {
  // `npm ci` is the install CI has just done for this run; the showcase is started here and stopped with Ctrl-C.
  'README.md: npm ci && npm run showcase': { run: 'npm run showcase', server: { http: 1 } },
  'README.md: npm ci && npm test': { skip: 'is CI itself (.ci/run: npm ci, then npm test, which runs this file)' },
  'docs/benchmarks.md: npm run bench': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --quick': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --only throughput,lists,cold,memory,reload': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --build': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/profile.mjs --impl decorum --mode stdio|http|stateless --seconds 5': {
    skip: NO_BENCH,
  },
  'docs/benchmarks.md: node bench/cpu-cost.mjs --calls 40000 --rounds 3': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/snapshot-decorum.mjs before': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --quick --only throughput --with before': { skip: NO_BENCH },
  'docs/create-mcp-app.md: npm init @decorum/mcp-app my-server': {
    skip: 'fetches @decorum/create-mcp-app from the registry, where it is not published yet; the "Before publishing" commands below scaffold the same project from this checkout',
  },
  'docs/create-mcp-app.md: cd my-server': { cwd: 'project' },
  'docs/create-mcp-app.md: npm run dev': { cwd: 'project', server: 'stdio' },
  'docs/create-mcp-app.md: npm run build': {
    skip: 'CI has just built every package (.ci/run builds before it tests); rebuilding dist/ here would pull it from under the tests running beside this file',
  },
  // The scaffold that the project commands need runs first (and the project is left in place for them).
  'docs/create-mcp-app.md: mkdir -p /tmp/decorum-packs': { first: true },
  'docs/create-mcp-app.md: npm pack -w packages/protocol -w packages/core -w packages/testing -w packages/cli --pack-destination /tmp/decorum-packs':
    { first: true },
  'docs/create-mcp-app.md: node packages/create-mcp-app/dist/bin.js /tmp/my-server --yes --decorum-packages /tmp/decorum-packs --prefer-offline':
    { first: true, timeoutMs: 240_000 },
  'docs/cli.md: npx decorum dev': { cwd: 'project', server: 'stdio' },
  'docs/cli.md: npx decorum dev --http --port 3000': { cwd: 'project', server: { http: 1 } },
  'docs/cli.md: npx decorum dev --stdio --http': { cwd: 'project', server: 'stdio+http' },
  'docs/cli.md: npx decorum build': { cwd: 'project' },
  // Commits the manifest the previous build wrote, as the page says to: the check then proves a rebuild matches it.
  'docs/cli.md: npx decorum build && git diff --exit-code mcp-manifest.json': {
    cwd: 'project',
    setup: 'git add mcp-manifest.json && git -c user.name=docs -c user.email=docs@example.com commit -qm manifest',
  },
  'docs/cli.md: npx decorum list --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"': {
    againstShowcase: true,
  },
  // Installs into the reader's project, so it runs in the scaffolded one (here it would rewrite the root's manifests).
  'docs/observability.md: npm install @opentelemetry/api @opentelemetry/sdk-node @opentelemetry/exporter-trace-otlp-http':
    { cwd: 'project', timeoutMs: 120_000 },
  'docs/mcp-app.md: node --conditions=@decorum/source --import @decorum/cli/register docs/examples/mcp-app.ts': {
    server: 'stdio',
  },
  'docs/mcp-app.md: node --conditions=@decorum/source --import @decorum/cli/register docs/examples/mcp-app.ts --http': {
    server: { http: 1 },
  },
  "docs/scaling.md: redis-server --port 6379 --save '' --appendonly no --daemonize yes": {
    skip: 'CI starts this very redis-server before the tests (.ci/run) and a second one cannot bind the port; the next commands use it',
  },
  // The loop puts three servers in the background and returns: `wait` keeps the shell as their group's leader.
  'docs/scaling.md: for port in 3001 3002 3003; do PORT=$port REDIS_URL=redis://127.0.0.1:6379 npm run serve & done': {
    run: 'for port in 3001 3002 3003; do PORT=$port REDIS_URL=redis://127.0.0.1:6379 npm run serve & done; wait',
    server: { http: 3 },
    redis: true,
    // Background jobs of a non-interactive shell ignore SIGINT (and Ctrl-C never reaches `&` jobs): `kill` them.
    stopSignal: 'SIGTERM',
  },
};

const key = (snippet: Snippet) => `${snippet.page}: ${snippet.command}`;
const snippets = shellPages(ROOT)
  .flatMap((page) => shellSnippets(page, readFileSync(join(ROOT, page), 'utf8')))
  .sort((a, b) => Number(PLANS[key(b)]?.first === true) - Number(PLANS[key(a)]?.first === true));
const redisUrl = process.env.DECORUM_TEST_REDIS_URL;

const URLS = /http:\/\/127\.0\.0\.1:\d+\/mcp/g;
const urlsIn = (text: string, count: number) => {
  const found = [...new Set(text.match(URLS) ?? [])];
  return found.length >= count ? found : undefined;
};

/** Starts a server plan, checks it answers, and returns the running command with its URLs. */
async function startServer(command: string, cwd: string, env: NodeJS.ProcessEnv, plan: Plan) {
  const running = start(command, cwd, env);
  const urls: string[] = [];
  if (plan.server === 'stdio' || plan.server === 'stdio+http') {
    running.child.stdin?.write(`${JSON.stringify(INITIALIZE)}\n`);
    await waitFor(running, () => stdioAnswer(running.stdout()), 60_000, 'an initialize result on stdout');
  }
  const http = plan.server === 'stdio+http' ? 1 : typeof plan.server === 'object' ? plan.server.http : 0;
  if (http > 0) {
    urls.push(...(await waitFor(running, () => urlsIn(running.output(), http), 60_000, `${http} MCP endpoint URL(s)`)));
    for (const url of urls) expect(await initializeOverHttp(url)).toBeTruthy();
  }
  return { running, urls };
}

/** Ctrl-C to the whole group, as a terminal sends it (or `signal`): every process of it must be gone within 15 s. */
async function stop(running: Running, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  signalGroup(running, signal);
  const deadline = Date.now() + 15_000;
  while (groupAlive(running) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  const alive = groupAlive(running);
  if (alive) signalGroup(running, 'SIGKILL');
  expect(alive, `still running 15 s after ${signal}:\n${running.output().slice(-2000)}`).toBe(false);
}

describe('shell commands of README.md and docs/', () => {
  it('every plan names a command the pages still show', () => {
    const shown = new Set(snippets.map(key));
    expect(Object.keys(PLANS).filter((name) => !shown.has(name))).toEqual([]);
  });

  for (const snippet of snippets) {
    const plan = PLANS[key(snippet)] ?? {};
    const runIt = plan.skip === undefined && (plan.redis !== true || redisUrl !== undefined);
    const why = plan.skip ?? (runIt ? undefined : 'needs Redis: CI sets DECORUM_TEST_REDIS_URL (.ci/run)');
    const title = why ? `${key(snippet)} — skipped: ${why}` : key(snippet);
    it.skipIf(!runIt)(
      title,
      async () => {
        const cwd =
          plan.cwd === 'project' ? join(PROJECT, snippet.cwd.replace(/^my-server\/?/, '')) : join(ROOT, snippet.cwd);
        let command = (plan.run ?? snippet.command).replaceAll('/tmp/', `${WORK}/`);
        if (plan.redis) command = command.replaceAll('redis://127.0.0.1:6379', redisUrl as string);
        const cd = /^cd\s+(\S+)$/.exec(command);
        if (cd) {
          // A `cd` moves the commands after it (see shell-snippets.ts); here its folder must exist.
          expect(existsSync(plan.cwd === 'project' ? PROJECT : join(cwd, cd[1] as string)), command).toBe(true);
          return;
        }
        // An install run from the repository root would rewrite its package.json and lockfile under the other tests.
        const installs = /(^|&&|;)\s*(npm|pnpm|yarn) (install|i|add|remove|uninstall|update)\b/.test(command);
        expect(installs && plan.cwd !== 'project', `${command}: give it a plan with cwd 'project'`).toBe(false);
        const env = shellEnv({ TOKEN: 'docs-token' });
        if (plan.setup) expect((await runToEnd(plan.setup, cwd, env, 30_000)).code).toBe(0);
        let showcase: Running | undefined;
        try {
          if (plan.againstShowcase) {
            const started = await startServer('npm run showcase', ROOT, env, { server: { http: 1 } });
            showcase = started.running;
            command = command.replaceAll('http://127.0.0.1:3000/mcp', started.urls[0] as string);
          }
          if (plan.server) {
            const { running } = await startServer(command, cwd, env, plan);
            await stop(running, plan.stopSignal);
            return;
          }
          const result = await runToEnd(command, cwd, env, plan.timeoutMs ?? 90_000);
          expect(result.code, `${command}\n${result.output.slice(-3000)}`).toBe(0);
          // The lines the page shows under the command, with its timings and counts left open.
          for (const line of snippet.output) {
            const pattern = line
              .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
              .replace(/\d+/g, '\\d+')
              .replace(/…$/, '');
            expect(result.output, `the page says it prints: ${line}`).toMatch(new RegExp(pattern));
          }
        } finally {
          if (showcase) await stop(showcase);
        }
      },
      (plan.timeoutMs ?? 90_000) + 30_000,
    );
  }
});
