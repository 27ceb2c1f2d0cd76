// What each deploy target adds to a project besides its configuration files (templates/_deploy/<target>/):
// package.json scripts that build with `decorum build --target <target>` and run or deploy the result,
// and the development dependencies those scripts call. Plain data: the root entry may load it anywhere.
import type { DeployTarget } from './constants.js';

/** The additions one deploy target makes to package.json. */
export interface DeployAdditions {
  /** Scripts, by name. */
  scripts: Record<string, string>;
  /** Development dependencies, by name, at the versions Decorum is tested with. */
  devDependencies: Record<string, string>;
  /** One line for the prompt and `--help`. */
  hint: string;
}

/** The Next.js and React versions of a `--deploy vercel` project (what test/deploy/next runs). */
export const NEXT_VERSIONS = { next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1', '@types/react': '19.3.3' };

/**
 * The package.json additions of `target`; `run` is how the package manager runs a script (`npm run`).
 * @example
 * deployAdditions('bun', 'npm run').scripts; // { 'build:bun': 'decorum build --target bun', 'start:bun': 'bun dist/server.bun.js' }
 */
export function deployAdditions(target: DeployTarget, run: string): DeployAdditions {
  const build = { [`build:${target}`]: `decorum build --target ${target}` };
  switch (target) {
    case 'node':
      return { scripts: {}, devDependencies: {}, hint: 'a Node.js process (node dist/server.js)' };
    case 'workers':
      // wrangler.toml runs build:workers itself before `wrangler dev` and `wrangler deploy`.
      return {
        scripts: { ...build, 'dev:workers': 'wrangler dev', 'deploy:workers': 'wrangler deploy' },
        devDependencies: { wrangler: '4.164.0' },
        hint: 'Cloudflare Workers (wrangler.toml)',
      };
    case 'deno':
      return {
        scripts: { ...build, 'start:deno': 'deno task start' },
        devDependencies: { deno: '2.9.6' },
        hint: 'Deno (deno.json)',
      };
    case 'bun':
      return {
        scripts: { ...build, 'start:bun': 'bun dist/server.bun.js' },
        devDependencies: {},
        hint: 'Bun (Bun.serve)',
      };
    case 'vercel':
      return {
        scripts: { 'build:vercel': `decorum build --target vercel && next build`, 'start:vercel': 'next start' },
        devDependencies: NEXT_VERSIONS,
        hint: 'Vercel / Next.js (app/api/mcp/route.ts, vercel.json)',
      };
    case 'lambda':
      return {
        scripts: { ...build, 'deploy:lambda': `${run} build:lambda && sam deploy --guided` },
        devDependencies: {},
        hint: 'AWS Lambda with a function URL (template.yaml for AWS SAM)',
      };
  }
}
