// The walk of one HTTP tools/call is counted by a tool, not listed by hand: scripts/walk-count.mjs. Two counts:
// `hops`, the files on the call path (stacks in the tool method, where the answer is encoded and at the socket write,
// followed back through the promises between them; `--path` lists them, test/scripts/walk-hops.test.ts checks the tracer), and `files`, every
// file V8's coverage saw run for the call. This holds both to what they are today, in both legacy modes, and
// checks that they name real files.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Summary {
  hops: number;
  files: number;
  areas: Record<string, number>;
}

/** Runs the count; `listed` are the files it names (the coverage's with `--list`, the hops with `--path`). */
function walk(...args: string[]): { listed: string[]; summary: Summary } {
  const run = spawnSync(process.execPath, ['scripts/walk-count.mjs', ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  const summary = JSON.parse(lines.at(-1) as string) as Summary;
  return { listed: lines.slice(0, -1).map((line) => line.split(/\s+/)[0] as string), summary };
}

const ingress = (areas: Record<string, number>) => (areas['protocol/http'] ?? 0) + (areas['protocol/node'] ?? 0);

describe('the walk of one HTTP tools/call', () => {
  it.each([[[]], [['--stateless']], [['--modern']]])(
    'takes at most 11 files of the HTTP ingress (%j)',
    (args) => {
      const { listed: files, summary } = walk('--list', ...args);
      const { areas } = summary;
      expect(files).toHaveLength(summary.files);
      for (const file of files) expect(existsSync(file), file).toBe(true);
      expect(files).toContain('packages/protocol/src/node/node-handler.ts');
      // A session's request goes through its peer; a stateless one (either era) is a light request of its own.
      expect(files).toContain(
        args.length === 0
          ? 'packages/protocol/src/engine/peer.ts'
          : 'packages/protocol/src/engine/stateless-request.ts',
      );
      expect(ingress(areas)).toBeLessThanOrEqual(11);
    },
    60_000,
  );

  // A session's call passes its peer, which hands the request to the router and the answer to the POST's exchange;
  // a stateless one, in either era, its light request instead: 10 hops each.
  it.each([
    [[], 10],
    [['--stateless'], 10],
    [['--modern'], 10],
  ])(
    'has at most the counted hops, each a file that ran, from the Node adapter to the tool and back (%j: %i)',
    (args, most) => {
      const { listed: hops, summary } = walk('--path', ...args);
      const { listed: ran } = walk('--list', ...args);
      expect(hops).toHaveLength(summary.hops);
      // Both ends of the path, and the tool's own call in core.
      expect(hops).toContain('packages/protocol/src/node/node-handler.ts');
      expect(hops).toContain('packages/protocol/src/http/exchange.ts');
      expect(hops).toContain('packages/core/src/runtime/compile.ts');
      // A hop is a file whose code ran for the call; not every file that ran is a hop (getters, leaf helpers).
      for (const file of hops) expect(ran).toContain(file);
      expect(hops.length).toBeLessThan(ran.length);
      expect(summary.hops).toBeLessThanOrEqual(most);
    },
    60_000,
  );
});
