// The environment a spawned server starts with: not the parent's (which holds the host's secrets — a proxy's own
// client secret, API keys, tokens), but the few variables a program needs to run (where to find commands, the
// user's home, the locale, temporary files, trusted certificates), plus what the caller names.

/** The variables a spawned server inherits from the parent, when set (besides every `LC_*`). */
export const INHERITED_ENV: readonly string[] = [
  // POSIX
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'TERM',
  'TMPDIR',
  'TZ',
  'LANG',
  'LANGUAGE',
  // Certificates a corporate network adds (paths, not secrets)
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  // Windows
  'APPDATA',
  'COMSPEC',
  'HOMEDRIVE',
  'HOMEPATH',
  'LOCALAPPDATA',
  'PATHEXT',
  'PROCESSOR_ARCHITECTURE',
  'PROGRAMFILES',
  'SYSTEMDRIVE',
  'SYSTEMROOT',
  'TEMP',
  'TMP',
  'USERNAME',
  'USERPROFILE',
  'WINDIR',
];

const INHERITED = new Set(INHERITED_ENV.map((name) => name.toUpperCase()));

/**
 * The environment of a spawned server: the allowlisted variables of `parent` ({@link INHERITED_ENV} and `LC_*`;
 * a value that looks like an exported shell function is left out), then `env` over them.
 */
export function childEnvironment(
  env: Record<string, string> | undefined,
  parent: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined || value.startsWith('()')) continue;
    const upper = name.toUpperCase();
    if (INHERITED.has(upper) || upper.startsWith('LC_')) out[name] = value;
  }
  return { ...out, ...env };
}
