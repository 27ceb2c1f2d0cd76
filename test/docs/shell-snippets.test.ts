// Every shell command in README.md and docs/ (```sh blocks) runs on this checkout as the page shows it, after CI's
// `npm ci && npm run build` (support/run-snippet.ts says how; support/shell-plans.ts what is skipped and why). Two
// chains run side by side, each one command at a time: the repository's own commands, and the project chain (the
// create-mcp-app page's "Before publishing" commands scaffold a project from this checkout, then the commands the
// pages run in a project that has @decorum/cli installed run in it). Mostly waiting on child processes, the two
// chains share the machine's cores; one Vitest worker runs this file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../create-mcp-app/support.js';
import { runSnippet, skipReason } from './support/run-snippet.js';
import { inProjectChain, PLANS, planKey } from './support/shell-plans.js';
import { type Snippet, shellPages, shellSnippets } from './support/shell-snippets.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = mkdtempSync(join(tmpdir(), 'docs-shell-'));
const places = { root: ROOT, work: WORK, project: join(WORK, 'my-server') };
afterAll(() => rmSync(WORK, { recursive: true, force: true }));
// CI has built everything; a checkout that has not gets the missing packages built (the bins and `npm pack` need dist/).
beforeAll(() => ensureBuilt(['protocol', 'core', 'testing', 'redis', 'cli', 'create-mcp-app']), 600_000);

const snippets = shellPages(ROOT).flatMap((page) => shellSnippets(page, readFileSync(join(ROOT, page), 'utf8')));
const project = snippets
  .filter((snippet) => inProjectChain(PLANS[planKey(snippet)]))
  .sort((a, b) => Number(PLANS[planKey(b)]?.first === true) - Number(PLANS[planKey(a)]?.first === true));
const repository = snippets.filter((snippet) => !inProjectChain(PLANS[planKey(snippet)]));
// Declared alternately, so both chains are among the first tests Vitest starts (it runs at most 5 at once, in order).
const order = Array.from({ length: Math.max(project.length, repository.length) }, (_, i) => [
  project[i],
  repository[i],
]).flat();

/** The last command of each chain: the next one starts when it has finished, passed or not. */
const chains = new Map<'project' | 'repository', Promise<unknown>>();
function inTurn(chain: 'project' | 'repository', run: () => Promise<void>): Promise<void> {
  const mine = (chains.get(chain) ?? Promise.resolve()).then(run);
  chains.set(
    chain,
    mine.catch(() => undefined),
  );
  return mine;
}

describe.concurrent('shell commands of README.md and docs/', () => {
  it('every plan names a command the pages still show', () => {
    const shown = new Set(snippets.map(planKey));
    expect(Object.keys(PLANS).filter((name) => !shown.has(name))).toEqual([]);
  });

  for (const snippet of order.filter((s): s is Snippet => s !== undefined)) {
    const plan = PLANS[planKey(snippet)] ?? {};
    const why = skipReason(plan);
    const chain = project.includes(snippet) ? 'project' : 'repository';
    const title = why ? `${planKey(snippet)} — skipped: ${why}` : `${planKey(snippet)} (${chain})`;
    // The chain's own limits are in runSnippet (each command's timeout); this one only bounds the wait for its turn.
    it.skipIf(why !== undefined)(title, () => inTurn(chain, () => runSnippet(snippet, plan, places)), 600_000);
  }
});
