// Runs one docs command by its plan (support/shell-plans.ts) for test/docs/shell-snippets*.test.ts: one-shot
// commands must exit 0 and print what the page shows under them; servers must answer an MCP initialize and stop with
// their whole process group on Ctrl-C. Paths under /tmp/ become the run's own folder; fixed ports become free ones.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { hasRedisServer, RedisServer } from '../../../packages/redis/test/support/redis-process.js';
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
} from './run-command.js';
import type { Plan } from './shell-plans.js';
import type { Snippet } from './shell-snippets.js';

/** Where a run happens: the repository, its temporary folder, and the project the create-mcp-app page scaffolds. */
export interface Places {
  root: string;
  work: string;
  project: string;
}

const redisUrl = process.env.DECORUM_TEST_REDIS_URL;

/** Why `plan` does not run here, or undefined when it does. */
export function skipReason(plan: Plan): string | undefined {
  if (plan.skip !== undefined) return plan.skip;
  if (plan.redis && redisUrl === undefined && !hasRedisServer()) {
    return 'needs Redis: DECORUM_TEST_REDIS_URL is not set (CI sets it, .ci/run) and no redis-server is installed';
  }
  return undefined;
}

/** Runs `work` with the URL of a Redis: DECORUM_TEST_REDIS_URL, else a loopback redis-server of its own for the run. */
async function withRedis(work: (url: string) => Promise<void>): Promise<void> {
  if (redisUrl !== undefined) return work(redisUrl);
  const server = await RedisServer.start();
  try {
    await work(server.url);
  } finally {
    await server.close();
  }
}

const URLS = /http:\/\/127\.0\.0\.1:\d+\/mcp/g;
const urlsIn = (text: string, count: number) => {
  const found = [...new Set(text.match(URLS) ?? [])];
  return found.length >= count ? found : undefined;
};

/** Starts a server plan, checks it answers, and returns the running command with its URLs. */
async function startServer(command: string, cwd: string, env: NodeJS.ProcessEnv, plan: Plan) {
  const running = start(command, cwd, env);
  const urls: string[] = [];
  try {
    if (plan.server === 'stdio' || plan.server === 'stdio+http') {
      running.child.stdin?.write(`${JSON.stringify(INITIALIZE)}\n`);
      await waitFor(running, () => stdioAnswer(running.stdout()), 60_000, 'an initialize result on stdout');
      // What a host spawns directly must keep stdout for protocol frames (`npm run …` is typed by a person, and npm
      // prints its banner there).
      if (!command.startsWith('npm ')) {
        const noise = running
          .stdout()
          .split('\n')
          .filter((line) => line !== '' && !line.startsWith('{"jsonrpc"'));
        expect(noise, 'stdout carries protocol frames only').toEqual([]);
      }
    }
    const http = plan.server === 'stdio+http' ? 1 : typeof plan.server === 'object' ? plan.server.http : 0;
    if (http > 0) {
      const found = await waitFor(running, () => urlsIn(running.output(), http), 60_000, `${http} MCP endpoint URL(s)`);
      urls.push(...found);
      for (const url of urls) expect(await initializeOverHttp(url)).toBeTruthy();
    }
  } catch (error) {
    signalGroup(running, 'SIGKILL');
    throw error;
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

/** Runs `snippet` by `plan`, asserting what the page promises. */
export function runSnippet(snippet: Snippet, plan: Plan, places: Places): Promise<void> {
  if (plan.redis) return withRedis((url) => runPlanned(snippet, plan, places, url));
  return runPlanned(snippet, plan, places);
}

async function runPlanned(snippet: Snippet, plan: Plan, { root, work, project }: Places, redis?: string) {
  const cwd =
    plan.cwd === 'project' ? join(project, snippet.cwd.replace(/^my-server\/?/, '')) : join(root, snippet.cwd);
  let command = (plan.run ?? snippet.command).replaceAll('/tmp/', `${work}/`);
  if (redis !== undefined) command = command.replaceAll('redis://127.0.0.1:6379', redis);
  const cd = /^cd\s+(\S+)$/.exec(command);
  if (cd) {
    // A `cd` moves the commands after it (see shell-snippets.ts); here its folder must exist.
    expect(existsSync(plan.cwd === 'project' ? project : join(cwd, cd[1] as string)), command).toBe(true);
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
      const started = await startServer('npm run showcase', root, env, { server: { http: 1 } });
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
}
