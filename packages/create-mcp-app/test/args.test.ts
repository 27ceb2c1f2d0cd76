import { describe, expect, it } from 'vitest';
import { parseArgs } from '../src/args.js';

describe('parseArgs', () => {
  it('reads a folder and every flag, in both --flag value and --flag=value forms', () => {
    expect(
      parseArgs([
        'my-app',
        '--template',
        'full',
        '--transport=both',
        '--no-install',
        '--no-git',
        '-y',
        '-f',
        '--package-manager',
        'pnpm',
        '--prefer-offline',
        '--decorum-packages=/tmp/packs',
        '--name',
        '@acme/app',
      ]),
    ).toEqual({
      dir: 'my-app',
      name: '@acme/app',
      template: 'full',
      transport: 'both',
      install: false,
      git: false,
      yes: true,
      force: true,
      packageManager: 'pnpm',
      preferOffline: true,
      decorumPackages: '/tmp/packs',
      help: false,
      version: false,
    });
  });

  it('leaves unset choices undefined, so they can be asked for', () => {
    const args = parseArgs([]);
    expect(args.template).toBeUndefined();
    expect(args.install).toBeUndefined();
    expect(args.dir).toBeUndefined();
  });

  it.each([
    [['--template', 'huge'], '--template must be one of basic, http, full, app (got "huge")'],
    [['--transport', 'ws'], '--transport must be one of stdio, http, both (got "ws")'],
    [['--package-manager', 'pip'], '--package-manager must be one of npm, pnpm, yarn, bun (got "pip")'],
    [['--schema', 'yup'], '--schema must be one of dto, zod (got "yup")'],
    [['--auth', 'saml'], '--auth must be one of none, oauth (got "saml")'],
    [['--template'], '--template needs a value'],
    [['--frobnicate'], 'Unknown option --frobnicate'],
    [['a', 'b'], 'One folder only: got "a" and "b"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(message);
    try {
      parseArgs(argv);
    } catch (error) {
      expect(error).toMatchObject({ name: 'CreateAppError', code: 'USAGE' });
    }
  });
});
