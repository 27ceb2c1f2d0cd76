// The targets of `decorum build --target`, by name. One line per target: its module says the rest.
import { CliError } from '../../cli-error.js';
import { bunTarget } from './bun.js';
import { denoTarget } from './deno.js';
import { lambdaTarget } from './lambda.js';
import { nodeTarget } from './node.js';
import type { BuildTarget } from './target.js';
import { vercelTarget } from './vercel.js';
import { workersTarget } from './workers.js';

/** Every target `decorum build` knows, by `--target` name. */
export const TARGETS: ReadonlyMap<string, BuildTarget> = new Map(
  [nodeTarget, workersTarget, denoTarget, bunTarget, vercelTarget, lambdaTarget].map((target) => [target.name, target]),
);

/** The target named `name` (default `node`); an unknown name is a {@link CliError} listing the known ones. */
export function buildTarget(name = 'node'): BuildTarget {
  const target = TARGETS.get(name);
  if (target === undefined) {
    throw new CliError(`Unknown build target "${name}". Targets: ${[...TARGETS.keys()].join(', ')}.`);
  }
  return target;
}
