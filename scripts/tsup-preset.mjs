// Shared tsup options for every Decorum package, so that all of them build the same way:
// ESM + CJS + declarations, Node 20 target, and SWC for decorator metadata (tsup switches to SWC
// on its own when the tsconfig has `emitDecoratorMetadata` and @swc/core is installed; the build
// guard in scripts/check-metadata.mjs fails the build when that silently did not happen).

/**
 * @param {import('tsup').Options} options entry points and any per-package overrides
 * @returns {import('tsup').Options}
 */
export function tsupPreset(options) {
  return {
    format: ['esm', 'cjs'],
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: false,
    tsconfig: 'tsconfig.build.json',
    dts: { compilerOptions: { composite: false, emitDeclarationOnly: false, declarationMap: false } },
    outDir: 'dist',
    ...options,
  };
}
