// The command line of create-mcp-app. Hand-written (node:util parseArgs on Node 20 has no --no-x
// negation) and strict: an unknown flag or a bad value is a USAGE error that says what is allowed.

import {
  AUTHS,
  type AuthStyle,
  DEPLOY_TARGETS,
  type DeployTarget,
  SCHEMAS,
  type SchemaStyle,
  TEMPLATES,
  type TemplateName,
  TRANSPORTS,
  type Transport,
} from './constants.js';
import { CreateAppError } from './errors.js';
import { PACKAGE_MANAGERS, type PackageManager } from './package-manager.js';

/** What the command line says; anything undefined is asked for (on a TTY) or defaulted. */
export interface CliArgs {
  dir?: string;
  name?: string;
  template?: TemplateName;
  transport?: Transport;
  /** How the tools describe their arguments (default dto). */
  schema?: SchemaStyle;
  /** Whether users sign in (default none). */
  auth?: AuthStyle;
  /** Where the project is deployed (default node). */
  deploy?: DeployTarget;
  install?: boolean;
  git?: boolean;
  packageManager?: PackageManager;
  yes: boolean;
  force: boolean;
  preferOffline: boolean;
  /** A folder of packed @decorum/* tarballs to install instead of the registry's. */
  decorumPackages?: string;
  /** The version spec of the @decorum/* packages (default: ^ this package's version). */
  decorumVersion?: string;
  help: boolean;
  version: boolean;
}

/** The usage text of `create-mcp-app --help`. */
export const USAGE = `Usage: create-mcp-app [dir] [options]

Creates a Decorum MCP server in [dir]. On a terminal it asks for what the options do not say;
otherwise (or with --yes) it takes the defaults.

Options:
  --name <name>              package name (default: the folder's name)
  -t, --template <name>      ${TEMPLATES.join(' | ')} (default: basic)
  --transport <transport>    ${TRANSPORTS.join(' | ')} (default: the template's)
  --schema <style>           ${SCHEMAS.join(' | ')}: tool arguments as class-validator DTOs or zod schemas (default: dto)
  --auth <auth>              ${AUTHS.join(' | ')}: oauth makes the server its own OAuth authorization server,
                             users signing in with GitHub or any OpenID provider (http template; default: none)
  --deploy <target>          ${DEPLOY_TARGETS.join(' | ')}: adds the platform's config file
                             and build/run/deploy scripts (default: node)
  --package-manager <pm>     ${PACKAGE_MANAGERS.join(' | ')} (default: the one running this command)
  --no-install               do not install the dependencies
  --no-git                   do not create a git repository
  -y, --yes                  ask nothing: take the defaults
  -f, --force                write into a non-empty folder (files of the same names are replaced)
  --prefer-offline           install from the package manager's cache when it can
  --decorum-packages <dir>   install @decorum/* from the tarballs in <dir> (npm pack output)
                             instead of the registry; also CREATE_MCP_APP_DECORUM_PACKAGES
  --decorum-version <spec>   the @decorum/* version to depend on (default: this version)
  -h, --help                 show this help
  -v, --version              show the version
`;

const VALUE_FLAGS: Record<string, keyof CliArgs> = {
  '--name': 'name',
  '--template': 'template',
  '-t': 'template',
  '--transport': 'transport',
  '--schema': 'schema',
  '--auth': 'auth',
  '--deploy': 'deploy',
  '--package-manager': 'packageManager',
  '--pm': 'packageManager',
  '--decorum-packages': 'decorumPackages',
  '--decorum-version': 'decorumVersion',
};
const BOOLEAN_FLAGS: Record<string, [keyof CliArgs, boolean]> = {
  '--yes': ['yes', true],
  '-y': ['yes', true],
  '--force': ['force', true],
  '-f': ['force', true],
  '--install': ['install', true],
  '--no-install': ['install', false],
  '--git': ['git', true],
  '--no-git': ['git', false],
  '--prefer-offline': ['preferOffline', true],
  '--help': ['help', true],
  '-h': ['help', true],
  '--version': ['version', true],
  '-v': ['version', true],
};

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new CreateAppError('USAGE', `${flag} must be one of ${allowed.join(', ')} (got "${value}")`);
}

/**
 * Parses the arguments after `create-mcp-app`.
 * @example
 * parseArgs(['my-server', '--template', 'full', '--no-install']);
 * // { dir: 'my-server', template: 'full', install: false, yes: false, … }
 */
export function parseArgs(argv: readonly string[]): CliArgs {
  const args: CliArgs = { yes: false, force: false, preferOffline: false, help: false, version: false };
  const record = args as unknown as Record<string, unknown>;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const key = VALUE_FLAGS[flag as string];
    if (key !== undefined) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new CreateAppError('USAGE', `${flag} needs a value`);
      if (key === 'template') args.template = oneOf(flag as string, value, TEMPLATES);
      else if (key === 'transport') args.transport = oneOf(flag as string, value, TRANSPORTS);
      else if (key === 'schema') args.schema = oneOf(flag as string, value, SCHEMAS);
      else if (key === 'auth') args.auth = oneOf(flag as string, value, AUTHS);
      else if (key === 'deploy') args.deploy = oneOf(flag as string, value, DEPLOY_TARGETS);
      else if (key === 'packageManager') args.packageManager = oneOf(flag as string, value, PACKAGE_MANAGERS);
      else record[key] = value;
    } else if (BOOLEAN_FLAGS[arg] !== undefined) {
      const [name, value] = BOOLEAN_FLAGS[arg];
      record[name] = value;
    } else if (arg.startsWith('-') && arg !== '-') {
      throw new CreateAppError('USAGE', `Unknown option ${arg}. Run create-mcp-app --help to see the options.`);
    } else if (args.dir === undefined) {
      args.dir = arg;
    } else {
      throw new CreateAppError('USAGE', `One folder only: got "${args.dir}" and "${arg}".`);
    }
  }
  return args;
}
