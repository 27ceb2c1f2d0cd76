import { describe, expect, it } from 'vitest';
import { applySections, fillPlaceholders, renderTemplate } from '../src/render.js';

describe('renderTemplate', () => {
  const flags = new Set(['http', 'template:full']);

  it('keeps the sections whose condition holds, in every comment syntax, nested, and negated', () => {
    const text = [
      'a',
      '<!-- @if http -->',
      'http only',
      '<!-- @if !template:full -->',
      'not full',
      '<!-- @endif -->',
      '<!-- @endif -->',
      '// @if stdio',
      'stdio only',
      '// @endif',
      '# @if !stdio',
      'no stdio',
      '# @endif',
      'z',
    ].join('\n');
    expect(applySections(text, flags, 'f')).toBe(['a', 'http only', 'no stdio', 'z'].join('\n'));
  });

  it('fills placeholders and refuses unknown ones', () => {
    expect(fillPlaceholders('# {{name}} / {{ name }}', { name: 'x' }, 'f')).toBe('# x / x');
    expect(() => fillPlaceholders('{{nope}}', {}, 'README.md')).toThrow('README.md: unknown placeholder {{nope}}');
    // Single braces and template literals pass through.
    const code = ['const url = `$', '{base}/{id}`;'].join('');
    expect(fillPlaceholders(code, {}, 'f')).toBe(code);
  });

  it('reports unbalanced sections with the file and line', () => {
    expect(() => applySections('// @endif', flags, 'src/a.ts')).toThrow('src/a.ts:1: "@endif" without "@if"');
    expect(() => applySections('// @if http\nx', flags, 'src/a.ts')).toThrow('1 "@if" left without "@endif"');
    expect(() => applySections('// @if', flags, 'src/a.ts')).toThrow('"@if" needs a condition');
  });

  it('does both', () => {
    expect(renderTemplate('{{a}}\n// @if http\n{{b}}\n// @endif', { flags, values: { a: '1', b: '2' } }, 'f')).toBe(
      '1\n2',
    );
  });
});
