import { describe, expect, it } from 'vitest';
import type { OperationInfo } from '../src/operations.js';
import { compileSelector, defaultToolName, distinctNames, globToRegExp, sanitizeToolName } from '../src/selection.js';

const op = (over: Partial<OperationInfo>): OperationInfo => ({
  method: 'get',
  path: '/pets',
  tags: [],
  deprecated: false,
  ...over,
});

describe('operation selectors', () => {
  it('globs: * within a segment, ** across, everything else literal', () => {
    expect(globToRegExp('/pets/*').test('/pets/{petId}')).toBe(true);
    expect(globToRegExp('/pets/*').test('/pets/{petId}/photo')).toBe(false);
    expect(globToRegExp('/pets/**').test('/pets/{petId}/photo')).toBe(true);
    expect(globToRegExp('/v1.0/*').test('/v1x0/a')).toBe(false);
  });

  it('a filter ANDs its keys and ORs the entries of each; a list of filters ORs them', () => {
    const match = compileSelector({ tag: ['a', 'b'], method: 'POST' });
    expect(match(op({ method: 'post', tags: ['b'] }))).toBe(true);
    expect(match(op({ method: 'get', tags: ['b'] }))).toBe(false);
    expect(match(op({ method: 'post', tags: ['c'] }))).toBe(false);
    const any = compileSelector([{ operationId: 'x' }, { path: '/admin/**' }]);
    expect(any(op({ operationId: 'x' }))).toBe(true);
    expect(any(op({ path: '/admin/users/{id}' }))).toBe(true);
    expect(any(op({}))).toBe(false);
  });
});

describe('tool names', () => {
  it('operationId, else method and path, with invalid characters replaced', () => {
    expect(defaultToolName(op({ operationId: 'pets.list' }))).toBe('pets.list');
    expect(defaultToolName(op({ path: '/pets/{petId}/photo' }))).toBe('get_pets_petId_photo');
    expect(sanitizeToolName('Get pets (all)!')).toBe('Get_pets_all');
    expect(sanitizeToolName('***')).toBe('operation');
    expect(sanitizeToolName('a'.repeat(200))).toHaveLength(128);
  });

  it('numbers repeats, staying within 128 characters', () => {
    expect(distinctNames(['a', 'a', 'b', 'a'])).toEqual(['a', 'a_2', 'b', 'a_3']);
    const long = 'x'.repeat(128);
    const [, second] = distinctNames([long, long]);
    expect(second).toHaveLength(128);
    expect(second?.endsWith('_2')).toBe(true);
  });
});
