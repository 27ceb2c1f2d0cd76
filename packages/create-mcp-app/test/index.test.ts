import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../src/index.js';

describe('create-mcp-app entry', () => {
  it('names its planned templates and says plainly that scaffolding is not available yet', () => {
    expect(TEMPLATES).toEqual(['basic', 'http', 'full']);
    const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));
    const result = spawnSync(process.execPath, ['--import', '@decorum/cli/register', bin], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/not available/);
  });
});
