import { describe, expect, it } from 'vitest';
import { UriTemplate, UriTemplateError, type UriTemplateErrorCode } from '../../src/uri/index.js';

function parseError(template: string): UriTemplateError {
  try {
    new UriTemplate(template);
  } catch (error) {
    expect(error).toBeInstanceOf(UriTemplateError);
    return error as UriTemplateError;
  }
  throw new Error(`expected ${template} to be rejected`);
}

describe('UriTemplate parsing', () => {
  it('parses operators, explode and prefix modifiers into variables', () => {
    const t = new UriTemplate('weather://forecast/{city}/{+path:3}{/seg*}{?units,lang}{&x}#top');
    expect(t.template).toBe('weather://forecast/{city}/{+path:3}{/seg*}{?units,lang}{&x}#top');
    expect(t.scheme).toBe('weather');
    expect(t.variables).toEqual([
      { name: 'city', operator: '', explode: false },
      { name: 'path', operator: '+', explode: false, prefix: 3 },
      { name: 'seg', operator: '/', explode: true },
      { name: 'units', operator: '?', explode: false },
      { name: 'lang', operator: '?', explode: false },
      { name: 'x', operator: '&', explode: false },
    ]);
    expect(t.parts.map((p) => p.kind)).toEqual([
      'literal',
      'expression',
      'literal',
      'expression',
      'expression',
      'expression',
      'expression',
      'literal',
    ]);
    expect(String(t)).toBe(t.template);
  });

  it('accepts every RFC 6570 operator, dotted and pct-encoded names, and the largest prefix', () => {
    for (const op of ['', '+', '#', '.', '/', ';', '?', '&']) {
      expect(new UriTemplate(`x:{${op}a.b_1,%41z:9999,c*}`).variables.map((v) => v.operator)).toEqual([op, op, op]);
    }
    expect(new UriTemplate('x:{a}{a}').variableNames).toEqual(['a']);
    expect(new UriTemplate('').parts).toEqual([]);
    expect(new UriTemplate('{var}').scheme).toBeUndefined();
    expect(new UriTemplate('caf\u00e9://x/%20{y}').parts[0]).toMatchObject({ text: 'caf\u00e9://x/%20' });
  });

  const cases: [template: string, code: UriTemplateErrorCode, position: number][] = [
    ['weather://{city', 'UNCLOSED_EXPRESSION', 10],
    ['{/id*', 'UNCLOSED_EXPRESSION', 0],
    ['/id*}', 'UNEXPECTED_BRACE', 4],
    ['a://{}', 'EMPTY_EXPRESSION', 4],
    ['{!hello}', 'RESERVED_OPERATOR', 1],
    ['{=path}', 'RESERVED_OPERATOR', 1],
    ['{|var*}', 'RESERVED_OPERATOR', 1],
    ['{$var}', 'INVALID_VARIABLE_NAME', 1],
    ['{/?id}', 'INVALID_VARIABLE_NAME', 2],
    ['{??hello}', 'INVALID_VARIABLE_NAME', 2],
    ['{*keys?}', 'INVALID_VARIABLE_NAME', 1],
    ['a://{user-id}', 'INVALID_VARIABLE_NAME', 9],
    ['a://{a,}', 'INVALID_VARIABLE_NAME', 7],
    ['a://{,a}', 'RESERVED_OPERATOR', 5],
    ['a://{a..b}', 'INVALID_VARIABLE_NAME', 7],
    ['a://{a.}', 'INVALID_VARIABLE_NAME', 7],
    ['/resolution{?x, y}', 'INVALID_VARIABLE_NAME', 15],
    ['/people/{~thing}', 'INVALID_VARIABLE_NAME', 9],
    ['x{?empty|foo=none}', 'INVALID_VARIABLE_NAME', 8],
    ['/h{#hello+}', 'INVALID_VARIABLE_NAME', 9],
    ['{a{b}', 'INVALID_VARIABLE_NAME', 2],
    ['{var:prefix}', 'INVALID_MODIFIER', 4],
    ['{var:0}', 'INVALID_MODIFIER', 4],
    ['{var:10000}', 'INVALID_MODIFIER', 4],
    ['{hello:2*}', 'INVALID_MODIFIER', 8],
    ['{list*x}', 'INVALID_MODIFIER', 6],
    ['a://x y/{z}', 'INVALID_LITERAL', 5],
    ['a://x/50%/{z}', 'INVALID_LITERAL', 8],
    ['a://x/"{z}"', 'INVALID_LITERAL', 6],
    ['a://x/<{z}>', 'INVALID_LITERAL', 6],
    ['a://x|{z}', 'INVALID_LITERAL', 5],
  ];

  it.each(cases)('rejects %j with %s at position %i', (template, code, position) => {
    const error = parseError(template);
    expect(error.code).toBe(code);
    expect(error.position).toBe(position);
    expect(error.template).toBe(template);
    expect(error.name).toBe('UriTemplateError');
    expect(error.message).toContain(`"${template}" at position ${position}`);
  });

  it('explains what a variable name may contain', () => {
    expect(parseError('notes://{note-id}').message).toMatch(/"-" cannot appear in a variable name \(letters, digits/);
  });
});
