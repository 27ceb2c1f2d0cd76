// Module hooks for `decorum dev`: the dev loader's hooks (TypeScript through SWC) plus versioned
// URLs, so a reload re-evaluates exactly the modules that changed and the project modules importing
// them. ESM has no cache eviction; a changed module is loaded again under `?v=<generation>` and the
// old instance is left for the garbage collector. Packages under node_modules are never versioned.
import { load as compile, resolve as resolveTs } from './hooks.mjs';

/** @type {{ root: string, port: import('node:worker_threads').MessagePort } | undefined} */
let state;
// child URL → the project modules that import it (URLs without the version query)
const importers = new Map();
// module URL → generation it must be loaded at (absent: never changed)
const versions = new Map();
let generation = 0;

const bare = (url) => url.split('?')[0];
const inProject = (url) => url.startsWith(state.root) && !url.includes('/node_modules/');

// Every project module is known (the entry too, which no project module imports); only project
// importers are recorded, so the CLI that imports the entry is never marked dirty.
function recordEdge(parentURL, childURL) {
  if (!inProject(childURL)) return;
  const parents = importers.get(childURL) ?? new Set();
  if (parentURL !== undefined && inProject(parentURL)) parents.add(bare(parentURL));
  importers.set(childURL, parents);
}

/** Marks `changed` and every project module that imports one of them (transitively) as dirty. */
function invalidate(changed) {
  generation += 1;
  const dirty = new Set();
  const queue = changed.filter((url) => importers.has(url) || versions.has(url));
  while (queue.length > 0) {
    const url = queue.pop();
    if (dirty.has(url)) continue;
    dirty.add(url);
    for (const parent of importers.get(url) ?? []) queue.push(parent);
  }
  for (const url of dirty) versions.set(url, generation);
  return { generation, dirty: [...dirty] };
}

/** @param {{ root: string, port: import('node:worker_threads').MessagePort }} data */
export function initialize(data) {
  state = data;
  data.port.on('message', (message) => {
    if (message.type === 'invalidate') data.port.postMessage({ id: message.id, ...invalidate(message.urls) });
  });
  data.port.unref();
}

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, nextResolve) {
  let result;
  try {
    result = await resolveTs(specifier, context, nextResolve);
  } catch (error) {
    // Remember what a module tried to import, so creating the missing file later reloads it.
    if (context.parentURL?.startsWith('file:') && /^\.\.?\//.test(specifier)) {
      const wanted = new URL(specifier, context.parentURL).href;
      for (const url of [wanted, wanted.replace(/\.(c|m)?js$/, '.$1ts'), `${wanted}.ts`])
        recordEdge(context.parentURL, url);
    }
    throw error;
  }
  if (!result.url.startsWith('file:')) return result;
  const url = bare(result.url);
  recordEdge(context.parentURL, url);
  const version = versions.get(url);
  return version === undefined ? result : { ...result, url: `${url}?v=${version}` };
}

/** @type {import('node:module').LoadHook} */
export function load(url, context, nextLoad) {
  return compile(url, context, nextLoad);
}
