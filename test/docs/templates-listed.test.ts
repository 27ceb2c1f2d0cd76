// The pages that list create-mcp-app's templates name every one templates/ holds (a new template is easy to
// forget in the prose lists, which is how "basic, http, full" outlived the app template).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const templates = readdirSync(join(REPO_ROOT, 'templates')).filter(
  (name) => !name.startsWith('_') && statSync(join(REPO_ROOT, 'templates', name)).isDirectory(),
);

describe('the template lists in the docs', () => {
  it.each(['README.md', 'docs/README.md'])('%s names every template', (page) => {
    const text = readFileSync(join(REPO_ROOT, page), 'utf8');
    // The list in parentheses after "templates" (README: "from templates/ (…)"; docs/README: "its templates (…)").
    const list = /templates[^(\n]*\(([a-z, ]+(?:, | or )[a-z]+)\)/.exec(text)?.[1];
    expect(list, `${page} lists the templates in parentheses`).toBeDefined();
    expect((list as string).split(/, | or /).sort()).toEqual([...templates].sort());
  });
});
