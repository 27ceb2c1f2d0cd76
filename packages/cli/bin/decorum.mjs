#!/usr/bin/env node
// The `decorum` binary. This file is committed rather than built: npm links a package's bins when it installs it,
// and in a fresh clone `npm ci` runs before `npm run build`, so a bin pointing into dist/ would not be linked at all
// ("could not determine executable to run"). The shim always exists; it loads the build, or says how to make one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = new URL('../dist/bin.js', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write(
    `decorum: ${fileURLToPath(built)} is missing: @decorum/cli is not built. ` +
      'In a checkout of the Decorum repository, run `npm run build` first.\n',
  );
  process.exit(1);
}
await import(built.href);
