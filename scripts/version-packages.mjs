// Runs after `changeset version` (`npm run version-packages`). Changesets writes each new version's section right
// under a CHANGELOG's title, above our hand-written `## Unreleased` section (where migration tables are kept while
// work is in progress). This folds that section into the new release and puts an empty `## Unreleased` back on top,
// and removes the changelogs changesets wrote for the private examples (they are never published).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { listPackages, ROOT } from './workspace.mjs';

export const UNRELEASED = '## Unreleased\n\n### Migration\n';

/** Splits markdown into its `## ` sections; the first item is what comes before the first one. */
function sections(markdown) {
  return markdown.split(/^(?=## )/m);
}

/** True when a section holds nothing but its headings (the empty `### Migration` placeholder included). */
function isEmpty(body) {
  return body.split('\n').every((line) => line.trim() === '' || /^#{2,6} /.test(line));
}

/**
 * Moves the content of `## Unreleased` into the newest release section when changesets has put one above it.
 * A changelog whose first section is still `## Unreleased` (nothing released yet) comes back unchanged.
 * @example
 * foldUnreleased('# @decorum/core\n\n## 0.2.0\n\n- a fix\n\n## Unreleased\n\n### Migration\n\n| a | b |\n');
 * // '# @decorum/core\n\n## Unreleased\n\n### Migration\n\n## 0.2.0\n\n- a fix\n\n### Migration\n\n| a | b |\n'
 */
export function foldUnreleased(markdown) {
  const [head, ...rest] = sections(markdown);
  const at = rest.findIndex((section) => /^## Unreleased\s*\n/.test(section));
  if (at <= 0) return markdown;
  const unreleased = rest[at].slice(rest[at].indexOf('\n') + 1);
  const release = rest[0].trimEnd();
  const folded = isEmpty(unreleased) ? `${release}\n\n` : `${release}\n\n${unreleased.trim()}\n\n`;
  const others = rest.filter((_, i) => i !== 0 && i !== at);
  return `${head.trimEnd()}\n\n${UNRELEASED}\n${folded}${others.join('')}`.trimEnd().concat('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const pkg of listPackages(ROOT)) {
    const file = join(pkg.dir, 'CHANGELOG.md');
    if (!existsSync(file)) continue;
    if (pkg.manifest.private) {
      rmSync(file);
      continue;
    }
    const before = readFileSync(file, 'utf8');
    const after = foldUnreleased(before);
    if (after !== before) writeFileSync(file, after);
  }
}
