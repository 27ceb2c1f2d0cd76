// A large document is read, parsed and cut down to the selected operations on a worker thread: parsing GitHub's
// 13 MB document alone holds a thread for most of a second, and dereferencing all of it takes minutes. The main
// thread receives the list of operations (to apply the caller's selector, which may be a function), then only the
// selected operations with the components they reach — memory and work proportional to the selection.
//
// The worker's code is `documentWorker`'s own source (`eval: true`), so the package ships no extra file and needs no
// module resolution in the worker; it must therefore stay self-contained (Node built-ins only, no imports).
import type { OperationInfo } from './operation-info.js';

/** What the worker answers first. */
export type WorkerIndex =
  | { kind: 'index'; openapi?: unknown; swagger?: unknown; operations: OperationInfo[] }
  /** Not JSON (YAML): the text, for the main thread's limited YAML parser. */
  | { kind: 'text'; text: string }
  /** `$ref`s to other files or URLs: the whole-document path has to resolve them. */
  | { kind: 'external' }
  | { kind: 'error'; message: string };

/** What the worker answers to a selection: the reduced document loaded (bundled, checked, dereferenced). */
export type WorkerDocument =
  | { kind: 'document'; document: Record<string, unknown>; version: '3.0' | '3.1' }
  | { kind: 'invalid'; message: string }
  /** The parser could not be loaded on the worker: the reduced document, still to bundle, check and dereference. */
  | { kind: 'reduced'; document: Record<string, unknown> };

/**
 * The worker: `workerData` is `{ path?, text?, maxBytes, check, parser? }`. Answers a {@link WorkerIndex}; after an `index`, waits for
 * the selected operations' positions and answers the reduced document.
 */
function documentWorker(load: (id: string) => any, importer: (url: string) => Promise<any>): void {
  const { parentPort, workerData } = load('node:worker_threads');
  const fs = load('node:fs');
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
  let text: string;
  if (workerData.path !== undefined) {
    const size = fs.statSync(workerData.path).size;
    if (size > workerData.maxBytes) {
      parentPort.postMessage({
        kind: 'error',
        message: `the document is ${size} bytes, over the limit of ${workerData.maxBytes} (maxDocumentBytes)`,
      });
      return;
    }
    text = fs.readFileSync(workerData.path, 'utf8');
  } else text = workerData.text;
  if (!/^\s*\{/.test(text)) {
    parentPort.postMessage({ kind: 'text', text });
    return;
  }
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    parentPort.postMessage({ kind: 'error', message: (error as Error).message });
    return;
  }
  text = '';
  // Any $ref that is not a pointer into this document sends the caller down the whole-document path.
  const stack: unknown[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (isObject(node)) {
      if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) {
        parentPort.postMessage({ kind: 'external' });
        return;
      }
      for (const key in node) stack.push(node[key]);
    }
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  const found: { path: string; method: string }[] = [];
  const operations: OperationInfo[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const info: Record<string, unknown> = {
        method,
        path,
        tags: Array.isArray(op.tags) ? op.tags.filter((t) => typeof t === 'string') : [],
        deprecated: op.deprecated === true,
      };
      if (typeof op.operationId === 'string') info.operationId = op.operationId;
      if (typeof op.summary === 'string') info.summary = op.summary;
      if (typeof op.description === 'string') info.description = op.description;
      operations.push(info as unknown as OperationInfo);
      found.push({ path, method });
    }
  }
  parentPort.postMessage({ kind: 'index', openapi: doc.openapi, swagger: doc.swagger, operations });
  parentPort.once('message', async (selected: number[]) => {
    // The selected operations, their path items' shared fields, and every component they reach (whole entries:
    // `#/components/<kind>/<name>`), with their $refs as they were.
    const reduced: Record<string, unknown> = {};
    // Webhooks are no tools (and would reach components the selection does not need).
    const dropped = ['paths', 'components', 'webhooks', 'x-webhooks'];
    for (const key of Object.keys(doc)) if (!dropped.includes(key)) reduced[key] = doc[key];
    const outPaths: Record<string, Record<string, unknown>> = {};
    const components = isObject(doc.components) ? doc.components : {};
    const outComponents: Record<string, Record<string, unknown>> = {};
    if (isObject(components.securitySchemes)) outComponents.securitySchemes = components.securitySchemes;
    const walk: unknown[] = [];
    for (const index of selected) {
      const at = found[index];
      if (at === undefined) continue;
      const item = paths[at.path] as Record<string, unknown>;
      let out = outPaths[at.path];
      if (out === undefined) {
        out = {};
        for (const key of Object.keys(item)) if (!METHODS.includes(key)) out[key] = item[key];
        outPaths[at.path] = out;
        walk.push(out);
      }
      out[at.method] = item[at.method];
      walk.push(item[at.method]);
    }
    const seen = new Set<unknown>();
    while (walk.length > 0) {
      const node = walk.pop();
      if (seen.has(node)) continue;
      if (Array.isArray(node)) for (const entry of node) walk.push(entry);
      else if (isObject(node)) {
        seen.add(node);
        const ref = node.$ref;
        if (typeof ref === 'string' && ref.startsWith('#/components/')) {
          const [kind, name] = ref
            .slice('#/components/'.length)
            .split('/')
            .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
          const group = kind === undefined ? undefined : components[kind];
          if (name !== undefined && kind !== undefined && isObject(group) && name in group) {
            const target = outComponents[kind] ?? {};
            outComponents[kind] = target;
            if (!(name in target)) {
              target[name] = group[name];
              walk.push(group[name]);
            }
          }
        }
        for (const key in node) if (key !== '$ref') walk.push(node[key]);
      }
    }
    reduced.paths = outPaths;
    reduced.components = outComponents;
    // The parser's work (bundle, validation, dereferencing) holds its thread for seconds on a large selection.
    let parser: any;
    try {
      const where = workerData.parser ?? '@readme/openapi-parser';
      parser = where.startsWith('file:') ? await importer(where) : load(where);
    } catch {
      // The parser cannot be reached from here (a strict node_modules layout): the caller loads the reduced
      // document itself.
      parentPort.postMessage({ kind: 'reduced', document: reduced });
      return;
    }
    const declared = typeof reduced.openapi === 'string' ? reduced.openapi : '';
    const version = declared.startsWith('3.0') ? '3.0' : declared.startsWith('3.1') ? '3.1' : undefined;
    if (version === undefined) {
      const found = declared || (typeof reduced.swagger === 'string' ? `swagger ${reduced.swagger}` : 'no version');
      const message = `Only OpenAPI 3.0 and 3.1 documents are supported (found ${found})`;
      parentPort.postMessage({ kind: 'invalid', message });
      return;
    }
    try {
      const bundled = await parser.bundle(reduced);
      if (workerData.check) {
        const result = await parser.validate(structuredClone(bundled));
        if (!result.valid) {
          parentPort.postMessage({ kind: 'invalid', message: parser.compileErrors(result) });
          return;
        }
      }
      parentPort.postMessage({ kind: 'document', document: await parser.dereference(bundled), version });
    } catch (error) {
      parentPort.postMessage({
        kind: 'invalid',
        message: `Cannot read the OpenAPI document: ${(error as Error).message}`,
      });
    }
  });
}

/** Starts the worker on a file path or a text; undefined where there are no worker threads (not Node). */
export async function startDocumentWorker(source: { path?: string; text?: string }, maxBytes: number, check: boolean) {
  let threads: typeof import('node:worker_threads');
  try {
    threads = await import('node:worker_threads');
  } catch {
    return undefined;
  }
  // `require` and `import()` are handed in from the eval'd script's own scope: a bundler or Vite would rewrite them
  // inside the function.
  const code = `(${documentWorker.toString()})(require, (url) => import(url))`;
  const workerData = { ...source, maxBytes, check, parser: parserLocation() };
  const worker = new threads.Worker(code, { eval: true, workerData });
  const next = <T>() =>
    new Promise<T>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      worker.once('error', onError);
      worker.once('message', (value: T) => {
        worker.off('error', onError);
        resolve(value);
      });
    });
  const index = await next<WorkerIndex>();
  return {
    index,
    /** The document reduced to the operations at these positions of `index.operations`, loaded. */
    select: async (positions: number[]): Promise<WorkerDocument> => {
      const reduced = next<WorkerDocument>();
      worker.postMessage(positions);
      try {
        return await reduced;
      } finally {
        await worker.terminate();
      }
    },
    stop: () => worker.terminate(),
  };
}

/**
 * Where the parser is, for the worker: resolved here in the CommonJS build; the ES module build has no `require` (and
 * `import.meta` would not parse in the CommonJS one), so the worker resolves it from the working directory, and when
 * that fails hands the reduced document back (see `documentWorker`).
 */
function parserLocation(): string | undefined {
  try {
    return typeof require === 'function' ? require.resolve('@readme/openapi-parser') : undefined;
  } catch {
    return undefined;
  }
}
