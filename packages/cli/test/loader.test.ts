import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/decorated.ts', import.meta.url));

describe('dev loader (node --import @decorum/cli/register)', () => {
  it('runs TypeScript with legacy decorators and decorator metadata, resolving ./x.js to ./x.ts', () => {
    const result = spawnSync(process.execPath, ['--import', '@decorum/cli/register', fixture], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ctor: ['Helper'], method: ['Helper', 'Number'] });
  });
});
