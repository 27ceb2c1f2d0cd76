// Runs a project's entry in a child process for the CLI, under a host that decides how it is
// served, whatever transport the entry itself asks for:
//   DECORUM_RUN_ENTRY='{"serve":"stdio"}' run-entry <entry>                          serve over stdio (list, call, …)
//   DECORUM_RUN_ENTRY='{"manifest":"<file>","withLists":false}' run-entry <entry>    write the manifest data, exit (build)
// The app sees the argv and environment of `node <entry>`: the instructions are read, then removed.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadApp } from './app-module.js';
import { captureManifest } from './build/capture-manifest.js';
import { recordUnsetEnv } from './build/unset-env.js';
import { parseRunEntryMode, RUN_ENTRY_ENV } from './run-entry-mode.js';

const entry = process.argv[2];
const mode = parseRunEntryMode(process.env[RUN_ENTRY_ENV]);
if (entry === undefined || mode === undefined) {
  process.stderr.write(`usage: ${RUN_ENTRY_ENV}='{"serve":"stdio"}' | '{"manifest":"<file>"}' run-entry <entry>\n`);
  process.exit(2);
}
delete process.env[RUN_ENTRY_ENV];
// What `node <entry>` puts there: this Node binary and the entry's absolute path, nothing of the CLI's.
process.argv.splice(1, process.argv.length, resolve(entry));

// For the manifest: the environment values the app reads while starting but finds unset (see unset-env.ts).
const unsetEnv = 'manifest' in mode ? recordUnsetEnv() : () => [];

try {
  await loadApp(pathToFileURL(entry).href, async (app, where, hosting) => {
    if ('serve' in mode) return hosting.serve({ stdio: true });
    const manifest = await captureManifest(app, { withLists: mode.withLists });
    await writeFile(mode.manifest, JSON.stringify({ manifest, where, unsetEnv: unsetEnv() }));
    // The entry may have started timers or connections of its own; the manifest is all we came for.
    process.exit(0);
  });
} catch (error) {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
}
