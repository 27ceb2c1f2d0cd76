// The targets `decorum build --target` knows: names, the entries they generate, and an unknown name refused.
import { describe, expect, it } from 'vitest';
import { buildTarget, TARGETS } from '../../../src/build/targets/index.js';

const input = { appModule: '/p/app.js', runtimeModule: '/r/runtime.js', captureModule: '/s/capture.js' };

describe('build targets', () => {
  it('defaults to node, whose entry is the app module itself', () => {
    expect(buildTarget().name).toBe('node');
    expect(buildTarget().entrySource).toBeUndefined();
  });

  it('names the known targets when one is unknown', () => {
    expect(() => buildTarget('lambdax')).toThrow(/Unknown build target "lambdax". Targets: node, workers, deno/);
  });

  it('generates each Web entry: reflect-metadata, then the capturing host, then the app module', () => {
    for (const target of [...TARGETS.values()].filter((t) => t.entrySource !== undefined)) {
      const source = target.entrySource?.(input) as string;
      const order = ["import 'reflect-metadata'", '"/s/capture.js"', '"/p/app.js"'].map((s) => source.indexOf(s));
      expect(
        order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] as number))),
        target.name,
      ).toBe(true);
    }
    expect(buildTarget('workers').entrySource?.(input)).toMatch(/export default \{ fetch \};/);
    expect(buildTarget('deno').entrySource?.(input)).toMatch(
      /Deno\.serve\(denoListenOptions\(Deno\.env\.toObject\(\), fetch\.path\), fetch\);/,
    );
  });

  it("makes the app module's named exports the Worker's: all of them first, then each as a function or a handler", () => {
    const workers = buildTarget('workers');
    // The first pass learns the names through export *.
    expect(workers.entrySource?.(input)).toMatch(/^export \* from "\/p\/app\.js";$/m);
    const named = workers.entrySource?.({ ...input, exportNames: ['TaskStoreObject', 'providers', 'not-a-name'] });
    expect(named).not.toMatch(/export \*/);
    expect(named).toMatch(/const appExport0 = entrypoint\(appModule\["TaskStoreObject"\]\);/);
    expect(named).toMatch(/export \{ appExport0 as TaskStoreObject, appExport1 as providers \};/);
    expect(named).not.toMatch(/not-a-name/);
    expect(workers.entrySource?.({ ...input, exportNames: [] })).not.toMatch(/entrypoint/);
  });
});
