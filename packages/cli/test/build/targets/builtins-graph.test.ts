// Which Node built-ins a Web target's bundle reaches on its request path, and which Node-only modules
// are reached only by import() (replaced by a module that throws), read from esbuild's metafile.
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { builtinsGraph } from '../../../src/build/targets/builtins-graph.js';

type Kind = Metafile['inputs'][string]['imports'][number]['kind'];
const edge = (path: string, kind: Kind = 'import-statement', external = false, original?: string) => ({
  path,
  kind,
  ...(external && { external }),
  ...(original !== undefined && { original }),
});
const meta = (inputs: Record<string, ReturnType<typeof edge>[]>): Metafile => ({
  inputs: Object.fromEntries(Object.entries(inputs).map(([path, imports]) => [path, { bytes: 0, imports }])),
  outputs: {},
});
const isBuiltin = (path: string) => path.startsWith('node:');

describe('builtinsGraph', () => {
  it('reports a built-in imported statically, with the chain from the entry', () => {
    const graph = builtinsGraph(
      meta({
        'entry.mjs': [edge('app.mjs')],
        'app.mjs': [edge('store.mjs'), edge('node:crypto', 'require-call', true)],
        'store.mjs': [edge('node:fs', 'import-statement', true)],
      }),
      'entry.mjs',
      isBuiltin,
    );
    expect(graph.onRequestPath).toEqual([
      { builtin: 'node:crypto', chain: ['entry.mjs', 'app.mjs'] },
      { builtin: 'node:fs', chain: ['entry.mjs', 'app.mjs', 'store.mjs'] },
    ]);
    expect([...graph.nodeOnlyImports]).toEqual([]);
  });

  it('leaves a built-in reached only through import() off the request path, and names the module to stub', () => {
    const graph = builtinsGraph(
      meta({
        'entry.mjs': [edge('core.mjs')],
        'core.mjs': [
          edge('stdio.mjs', 'dynamic-import', false, '@decorum/protocol/stdio'),
          edge('web.mjs', 'dynamic-import', false, './web.js'),
        ],
        'stdio.mjs': [edge('pipe.mjs')],
        'pipe.mjs': [edge('node:stream', 'import-statement', true), edge('stdio.mjs')],
        'web.mjs': [],
      }),
      'entry.mjs',
      isBuiltin,
    );
    expect(graph.onRequestPath).toEqual([]);
    expect([...graph.nodeOnlyImports]).toEqual(['@decorum/protocol/stdio']);
  });
});
