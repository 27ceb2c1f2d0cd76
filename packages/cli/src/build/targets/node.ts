// The default target: Node 20+. The app module is the entry, bundled with its dependencies and
// started by a small loader from a code cache (bundle-app.ts); it serves as its own code says
// (`app.listen`), stdio or HTTP.
import type { BuildTarget } from './target.js';

/** `--target node` (the default). */
export const nodeTarget: BuildTarget = {
  name: 'node',
  summary: 'Node 20+ (default): the entry as written, stdio or HTTP, with a code cache',
  bundler: { platform: 'node', target: 'node20', conditions: [], mainFields: ['module', 'main'] },
  builtins: 'all',
  stateless: false,
  outputs: (stem, extension) => ({ bundle: `${stem}${extension}` }),
  notes: (built) => [`run it: node ${built.bundle}`],
};
