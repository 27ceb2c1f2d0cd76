// Skills beside the entry go into the build: `<entry dir>/skills/` is copied to `<outDir>/skills/`, so
// `new URL('./skills', import.meta.url)` names the same skills from src/ and from dist/, and a built app
// serves the files (and digests) of build time. Skill folders elsewhere (`../skills`) ship with the project
// as they are. Links and dotfiles are refused here already, as the app refuses them at startup.
import { cpSync, existsSync, lstatSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { CliError } from '../cli-error.js';

/** Copies `<dirname(entry)>/skills` to `<outDir>/skills`; undefined when there is no such folder. */
export function bundleSkills(entry: string, outDir: string, root: string): { from: string; to: string } | undefined {
  const from = join(dirname(entry), 'skills');
  if (!existsSync(from) || !lstatSync(from).isDirectory()) return undefined;
  const to = join(outDir, 'skills');
  cpSync(from, to, {
    recursive: true,
    force: true,
    filter: (source) => {
      const stat = lstatSync(source);
      if (stat.isSymbolicLink() || (source !== from && basename(source).startsWith('.'))) {
        const what = stat.isSymbolicLink() ? 'a symbolic link' : 'a dotfile';
        throw new CliError(`${relative(root, source)} is ${what}: skills serve neither; remove it before building`);
      }
      return true;
    },
  });
  return { from, to };
}
