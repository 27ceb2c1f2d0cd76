import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues } from '../../src/schema/issues.js';
import { SchemaBuilder } from '../../src/schema/schema-builder.js';
import { DtoValidator } from '../../src/schema/validate.js';
import { buildChecked } from './ajv-support.js';
import { SearchFlights } from './fixtures/docs-example.js';

const doc = readFileSync(new URL('../../../../docs/schemas.md', import.meta.url), 'utf8');
const fixture = readFileSync(new URL('./fixtures/docs-example.ts', import.meta.url), 'utf8');
const blocks = (lang: string) =>
  [...doc.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((m) => m[1]);

describe('docs/schemas.md', () => {
  it('shows the example DTO exactly as compiled here', () => {
    const example = fixture.split('// docs:start\n')[1]?.split('// docs:end')[0] ?? '';
    expect(example.length).toBeGreaterThan(0);
    expect(blocks('ts')[0]).toContain(example);
  });

  it('shows the schema the builder makes of it (2020-12)', () => {
    const schema = buildChecked(new SchemaBuilder(), SearchFlights, '2020-12');
    expect(JSON.stringify(JSON.parse(blocks('json')[0] ?? ''))).toBe(JSON.stringify(schema));
  });

  it('shows the issues the validator reports', async () => {
    const result = await new DtoValidator().validate(SearchFlights, {
      from: 'Oslo',
      departAfter: '2025-06-01T08:00:00Z',
      passengers: [{ name: 'Ada', age: 36.5 }],
      seat: '12A',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(blocks('text')[0]).toBe(`${formatIssues(result.issues)}\n`);
  });
});
