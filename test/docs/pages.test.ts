// Keeps the docs pages honest: a code block titled with an example file (```ts title="examples/tool.ts") must be a
// verbatim excerpt of that file, and every relative link (file and #anchor) must lead somewhere.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DOCS = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs');
const pages = readdirSync(DOCS).filter((name) => name.endsWith('.md'));
const read = (file: string) => readFileSync(join(DOCS, file), 'utf8');

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');

function anchors(markdown: string): Set<string> {
  const withoutCode = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...withoutCode.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)));
}

describe('docs pages', () => {
  it('has the example-backed pages', () => {
    for (const page of [
      'tool.md',
      'resource.md',
      'resource-template.md',
      'prompt.md',
      'args.md',
      'arg.md',
      'param.md',
      'ctx.md',
      'complete.md',
      'field.md',
      'guards-interceptors.md',
      'context.md',
      'dependency-injection.md',
      'errors.md',
      'results.md',
      'mcp-app.md',
    ]) {
      expect(pages).toContain(page);
      expect(read(page), page).toMatch(/```ts title="examples\/[\w-]+\.ts"/);
    }
  });

  it.each(pages)('%s: titled snippets are verbatim excerpts of their example', (page) => {
    for (const match of read(page).matchAll(/^```ts title="(examples\/[\w-]+\.ts)"\n([\s\S]*?)^```$/gm)) {
      const [, file, body] = match as unknown as [string, string, string];
      expect(existsSync(join(DOCS, file)), `${page} names ${file}`).toBe(true);
      expect(read(file), `${page}: a snippet is not in ${file}:\n${body}`).toContain(body);
    }
  });

  it.each(pages)('%s: relative links and anchors resolve', (page) => {
    const markdown = read(page);
    const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
    for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1] as string;
      if (/^[a-z]+:/i.test(target)) continue;
      const [path, anchor] = target.split('#') as [string, string | undefined];
      const file = path === '' ? page : path;
      const full = join(DOCS, file);
      expect(existsSync(full), `${page} links to ${target}`).toBe(true);
      if (anchor !== undefined && file.endsWith('.md')) {
        expect(anchors(readFileSync(full, 'utf8')), `${page} links to ${target}`).toContain(anchor);
      }
    }
  });
});
