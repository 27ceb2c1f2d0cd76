import { describe, expect, it } from 'vitest';
import { checkProjectName, suggestProjectName } from '../src/project-name.js';

describe('checkProjectName', () => {
  it.each(['my-server', 'mcp.notes', 'a', '@acme/notes', 'x_y', 'café'.normalize('NFD').replace(/\p{M}/gu, '')])(
    'accepts %s',
    (name) => {
      expect(checkProjectName(name)).toEqual({ valid: true, problems: [] });
    },
  );

  it.each([
    ['', 'the name cannot be empty'],
    ['My-Server', 'the name cannot contain capital letters'],
    ['my server', 'the name can only contain URL-safe characters'],
    ['.hidden', 'the name cannot start with "." or "_"'],
    ['_private', 'the name cannot start with "." or "_"'],
    ['wow!', "the name cannot contain any of ~'!()*"],
    ['node_modules', '"node_modules" is a reserved name'],
    ['http', '"http" is the name of a Node.js built-in module'],
    ['a/b', 'only a scoped name (@scope/name) may contain "/"'],
    ['@Acme/x', 'the scope cannot contain capital letters'],
    [' padded', 'the name cannot start or end with spaces'],
    ['x'.repeat(215), 'the name cannot be longer than 214 characters'],
  ])('refuses %j: %s', (name, problem) => {
    const check = checkProjectName(name);
    expect(check.valid).toBe(false);
    expect(check.problems).toContain(problem);
  });

  it('suggests a valid name when there is one', () => {
    expect(checkProjectName('My Server!').suggestion).toBe('my-server');
    expect(checkProjectName('@Acme/My App').suggestion).toBe('@acme/my-app');
    expect(checkProjectName('http').suggestion).toBeUndefined();
    expect(suggestProjectName('  __Weird   Name__ ')).toBe('weird-name');
    expect(suggestProjectName('!!!')).toBe('my-mcp-server');
  });
});
