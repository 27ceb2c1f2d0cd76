// The walk of one HTTP tools/call is counted by a tool (V8's coverage of one request), not listed by hand:
// scripts/walk-count.mjs. This holds the HTTP ingress (http/ + node/) to the files it takes today, in both legacy
// modes, and checks that the count names real files.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

function walk(...args: string[]): { files: string[]; areas: Record<string, number> } {
  const run = spawnSync(process.execPath, ['scripts/walk-count.mjs', '--list', ...args], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  const lines = run.stdout.trim().split('\n');
  const summary = JSON.parse(lines.at(-1) as string) as { files: number; areas: Record<string, number> };
  const files = lines.slice(0, -1).map((line) => line.split(/\s+/)[0] as string);
  expect(files).toHaveLength(summary.files);
  return { files, areas: summary.areas };
}

const ingress = (areas: Record<string, number>) => (areas['protocol/http'] ?? 0) + (areas['protocol/node'] ?? 0);

describe('the walk of one HTTP tools/call', () => {
  it.each([[[]], [['--stateless']]])(
    'takes at most 11 files of the HTTP ingress (%j)',
    (args) => {
      const { files, areas } = walk(...args);
      for (const file of files) expect(existsSync(file), file).toBe(true);
      expect(files).toContain('packages/protocol/src/node/node-handler.ts');
      // A session's request goes through its peer; a stateless one is a light request of its own (no session).
      expect(files).toContain(
        args.length === 0
          ? 'packages/protocol/src/engine/peer.ts'
          : 'packages/protocol/src/engine/stateless-requests.ts',
      );
      expect(ingress(areas)).toBeLessThanOrEqual(11);
    },
    60_000,
  );
});
