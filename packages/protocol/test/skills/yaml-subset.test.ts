// The in-house frontmatter reader agrees with a full YAML 1.2 parser (the `yaml` package, core schema) on what it
// reads, and refuses — naming the line — what it does not, so a served entry's frontmatter is what any host parses.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSkillMarkdown, renderSkillMarkdown } from '../../src/skills/frontmatter.js';
import { parseYamlSubset, YamlSubsetError } from '../../src/skills/yaml-subset.js';

const AGREES = [
  'name: pdf\ndescription: Reads PDFs',
  'name: pdf # trailing comment\ndescription: "Quoted: with colon # and hash"\n# a comment line\nlicense: Apache-2.0',
  "name: 'it''s'\ndescription: plain text with 'quotes' inside",
  'metadata:\n  version: "1.2"\n  count: 3\n  ratio: 0.5\n  flag: true\n  none: null\n  tilde: ~\n  nested:\n    deep: x',
  'tags: [pdf, forms, "a, b", 12]\nmap: {a: 1, b: two}',
  'tags:\n  - pdf\n  - forms\nother:\n- x\n- 2',
  'description: |\n  # Heading kept\n  line two\n\n  after blank\nname: x',
  'description: |-\n  no final break\nname: x',
  'description: >\n  folded line\n  joins here\n\n  new paragraph\nname: x',
  'description: >-\n  folded\n  stripped\nname: x',
  'allowed-tools: Bash(git:*) Read\nkey.with.dots: v\nhex: 0x1F\noctal: 0o17\nexp: 1e3\nneg: -4',
  '"quoted key": 1\nempty:\nafter: 2',
  'escaped: "tab\\tnewline\\nunicode \\u00e9"',
];

describe('parseYamlSubset', () => {
  it.each(AGREES)('reads %j as the yaml package does', (source) => {
    expect(parseYamlSubset(source)).toEqual(parse(source, { schema: 'core' }));
  });

  it.each([
    ['anchor: &a x', /line 1: .*anchors/],
    ['a: 1\na: 2', /line 2: duplicate key "a"/],
    ['a:\n\tb: 1', /line 2: indent with spaces/],
    ['date: 2024-01-01', /line 1: .*date.*quote it/],
    ['inf: .inf', /not a JSON number/],
    ['tag: !!str x', /tags/],
    ['nested: [a, [b]]', /nested flow/],
    ['s: "open', /must end on its line/],
    ['k: v\n  stray: 1', /line 2/],
    ['d: |+\n  kept', /keep chomping/],
    ['list:\n  - a: 1', /mappings inside sequence items/],
    ['x: "\\x41"', /unsupported escape/],
  ])('refuses %j', (source, message) => {
    expect(() => parseYamlSubset(source)).toThrow(YamlSubsetError);
    expect(() => parseYamlSubset(source)).toThrow(message);
  });
});

describe('renderSkillMarkdown', () => {
  it('writes frontmatter that both readers read back as given', () => {
    const frontmatter = {
      name: 'report',
      description: 'Build: the "daily" report # not a comment',
      metadata: { version: '1.2', count: 3, tags: ['a', 'b, c'], on: true, none: null },
      'odd key': 'x',
    };
    const text = renderSkillMarkdown(frontmatter, 'Body');
    expect(parseSkillMarkdown(text)).toEqual({ frontmatter, body: '\nBody' });
    const yamlBlock = text.split('---\n')[1] as string;
    expect(parse(yamlBlock, { schema: 'core' })).toEqual(frontmatter);
  });
});
