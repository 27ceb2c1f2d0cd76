// The package managers a project can be installed with, and how each is spelled.

/** A supported package manager. */
export const PACKAGE_MANAGERS = ['npm', 'pnpm', 'yarn', 'bun'] as const;
/** A package manager name. */
export type PackageManager = (typeof PACKAGE_MANAGERS)[number];

/**
 * The package manager that ran create-mcp-app (`pnpm create mcp-app` sets the user agent to
 * `pnpm/…`), npm otherwise.
 * @example
 * detectPackageManager({ npm_config_user_agent: 'pnpm/9.0.0 node/v20.0.0' }); // 'pnpm'
 */
export function detectPackageManager(env: NodeJS.ProcessEnv): PackageManager {
  const agent = env.npm_config_user_agent?.split('/')[0];
  return PACKAGE_MANAGERS.find((pm) => pm === agent) ?? 'npm';
}

/** How to run a package.json script: `npm run dev`, `pnpm dev`, `yarn dev`, `bun run dev`. */
export function runScript(pm: PackageManager, script: string): string {
  if (pm === 'npm' && (script === 'test' || script === 'start')) return `npm ${script}`;
  return pm === 'npm' || pm === 'bun' ? `${pm} run ${script}` : `${pm} ${script}`;
}

/** The prefix of `runScript`, for prose: "npm run", "pnpm", "yarn", "bun run". */
export function runPrefix(pm: PackageManager): string {
  return pm === 'npm' || pm === 'bun' ? `${pm} run` : pm;
}

/** The arguments that install a project's dependencies. */
export function installArgs(pm: PackageManager, preferOffline: boolean): string[] {
  const offline = preferOffline && pm !== 'bun' ? ['--prefer-offline'] : [];
  if (pm === 'npm') return ['install', '--no-audit', '--no-fund', ...offline];
  return ['install', ...offline];
}

/** Where each package manager reads forced versions of transitive dependencies. */
export function overridesField(pm: PackageManager): string[] {
  if (pm === 'pnpm') return ['pnpm', 'overrides'];
  if (pm === 'yarn') return ['resolutions'];
  return ['overrides'];
}
