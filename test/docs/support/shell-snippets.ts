// Reads the shell commands out of Markdown pages for test/docs/shell-snippets.test.ts: every line of a ```sh block
// (continuations joined, comments dropped), the `# …` lines after it as its documented output, and the folder it runs
// in as the block's `cd` lines move it.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One command as a page shows it. */
export interface Snippet {
  /** The page, relative to the repository root. */
  page: string;
  /** The command without its trailing comment. */
  command: string;
  /** The `# …` lines right after it: what the page says it prints. */
  output: string[];
  /** Where it runs, relative to the repository root: the block starts there and each `cd` moves it. */
  cwd: string;
}

/** README.md and every page under docs/ (the generated docs/api/ excepted), in name order. */
export function shellPages(root: string): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = `${dir}/${name}`;
      if (path === 'docs/api') continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** `cmd  # says why` → `cmd`; a `#` inside quotes or a word (`a#b`) is kept. */
export function stripComment(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '#' && (i === 0 || /\s/.test(line[i - 1] as string))) return line.slice(0, i).trimEnd();
  }
  return line.trimEnd();
}

/** Every command of the ```sh / ```bash / ```shell blocks of `markdown`. */
export function shellSnippets(page: string, markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  // Indented blocks too (a block inside a list item); its closing fence has the same indentation.
  for (const block of markdown.matchAll(/^( *)```(?:sh|bash|shell)\n([\s\S]*?)^\1```$/gm)) {
    let cwd = '.';
    let last: Snippet | undefined;
    const lines = (block[2] as string).replace(/\\\n\s*/g, ' ').split('\n');
    for (const raw of lines) {
      const line = raw.trim();
      if (line === '') continue;
      if (line.startsWith('#')) {
        last?.output.push(line.replace(/^#\s?/, ''));
        continue;
      }
      const command = stripComment(line);
      last = { page, command, output: [], cwd };
      snippets.push(last);
      const cd = /^cd\s+(\S+)$/.exec(command);
      if (cd) cwd = join(cwd, cd[1] as string);
    }
  }
  return snippets;
}
