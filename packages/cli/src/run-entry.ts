// Runs a project's entry in a child process for the CLI, under a host that decides how it is
// served, whatever transport the entry itself asks for:
//   run-entry <entry> --stdio             serve over stdio (list, call, read, prompt)
//   run-entry <entry> --manifest <file> [--with-lists]   write mcp-manifest.json data to <file> and exit (build)
import { writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { loadApp } from './app-module.js';
import { captureManifest } from './build/capture-manifest.js';

const [entry, mode, output] = process.argv.slice(2);
if (entry === undefined || (mode !== '--stdio' && mode !== '--manifest')) {
  process.stderr.write('usage: run-entry <entry> --stdio | --manifest <file>\n');
  process.exit(2);
}

try {
  await loadApp(pathToFileURL(entry).href, async (app, where, hosting) => {
    if (mode === '--stdio') return hosting.serve({ stdio: true });
    const manifest = await captureManifest(app, { withLists: process.argv.includes('--with-lists') });
    await writeFile(output as string, JSON.stringify({ manifest, where }));
    // The entry may have started timers or connections of its own; the manifest is all we came for.
    process.exit(0);
  });
} catch (error) {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
}
