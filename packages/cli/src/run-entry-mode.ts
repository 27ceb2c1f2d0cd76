// How the CLI tells run-entry what to do with an app: in one environment variable, never in the
// arguments, so the app's process.argv is exactly the one `node <entry>` gives it (an app that parses
// its arguments strictly, with util.parseArgs, starts under `decorum build` as it starts for users).

/** The environment variable that carries the instructions (removed before the app loads). */
export const RUN_ENTRY_ENV = 'DECORUM_RUN_ENTRY';

/** Serve the app over stdio (list, call, read, prompt), or write its manifest data to `manifest` and exit (build). */
export type RunEntryMode = { serve: 'stdio' } | { manifest: string; withLists: boolean };

/** The environment entries that hand `mode` to run-entry. */
export function runEntryEnv(mode: RunEntryMode): Record<string, string> {
  return { [RUN_ENTRY_ENV]: JSON.stringify(mode) };
}

/** The mode in `value` (the variable's text), or undefined when it is missing or not one. */
export function parseRunEntryMode(value: string | undefined): RunEntryMode | undefined {
  if (value === undefined) return undefined;
  let mode: unknown;
  try {
    mode = JSON.parse(value);
  } catch {
    return undefined;
  }
  const record = mode as Record<string, unknown> | null;
  if (record?.serve === 'stdio') return { serve: 'stdio' };
  if (typeof record?.manifest === 'string') return { manifest: record.manifest, withLists: record.withLists === true };
  return undefined;
}
