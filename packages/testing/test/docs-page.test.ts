// Keeps docs/testing.md honest: each code block titled with a test file is a verbatim excerpt of it
// (up to indentation, which the formatter removes), so the page shows code that runs.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs');
const page = readFileSync(join(DOCS, 'testing.md'), 'utf8');

/** Lines without their common indentation (the formatter dedents snippets cut from inside a block). */
function dedent(lines: string[]): string {
  const indents = lines.filter((l) => l.trim() !== '').map((l) => (/^ */.exec(l) as RegExpExecArray)[0].length);
  const cut = Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

function containsExcerpt(file: string, body: string): boolean {
  const wanted = body.replace(/\n$/, '').split('\n');
  const lines = file.split('\n');
  const target = dedent(wanted);
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    if (dedent(lines.slice(i, i + wanted.length)) === target) return true;
  }
  return false;
}

describe('docs/testing.md', () => {
  const blocks = [...page.matchAll(/^```ts title="(\.\.\/packages\/testing\/test\/[\w.-]+\.ts)"\n([\s\S]*?)^```$/gm)];

  it('shows code from the tests', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    expect(page).not.toMatch(/^```ts\n/m); // every TypeScript block names the file it comes from
  });

  it.each(blocks.map((m) => [m[1] as string, m[2] as string]))('%s: the snippet is in the file', (file, body) => {
    expect(containsExcerpt(readFileSync(join(DOCS, file), 'utf8'), body), `not in ${file}:\n${body}`).toBe(true);
  });

  it('is linked from the docs index', () => {
    expect(readFileSync(join(DOCS, 'README.md'), 'utf8')).toContain('(testing.md)');
  });
});
