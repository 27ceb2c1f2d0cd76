import { defineConfig } from 'vitest/config';

// One Vitest run over every package, the cross-package tests and the examples. Workspace packages
// resolve to their TypeScript sources through the `@decorum/source` export condition, so tests never need
// a build first; Vite 8's Oxc transform reads the decorator options from the nearest tsconfig.
const conditions = ['@decorum/source', 'module', 'node', 'development|production'];
// Vitest hands the SSR conditions to Node too (--conditions), which then loads packages' `module` exports
// as if it were a bundler: @opentelemetry/api's build behind that condition has extension-less imports
// that only bundlers resolve. Tests resolve as plain Node does.
const nodeConditions = conditions.filter((condition) => condition !== 'module');

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions: nodeConditions, externalConditions: ['@decorum/source'] } },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/**/*.test.ts', 'examples/*/test/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    coverage: {
      provider: 'v8',
      include: ['packages/*/src/**'],
      reporter: ['text-summary', 'html', 'json-summary'],
    },
  },
});
