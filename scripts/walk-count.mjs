// `node scripts/walk-count.mjs [--list | --path] [--stateless | --modern]`: how many of our source files one HTTP tools/call runs through
// (Node adapter → endpoint → engine → core → the tool and back), counted by V8's coverage of that one request rather
// than listed by hand. `--list` names each file with the functions that ran in it. Needs built dist/ only for the
// SWC loader (`@decorum/cli/register`); the packages themselves load from their TypeScript sources.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const args = ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'scripts/walk-count/walk.ts'];
const run = spawnSync(process.execPath, [...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
