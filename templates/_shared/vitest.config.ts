import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Decorators as tsconfig.json has them, for every file the tests load. Vite otherwise takes them from the
  // tsconfig that includes a file, so a test outside "include" (say e2e/smoke.test.ts) would fail with
  // "RolldownError: Parse failure: Decorators are not valid here".
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } },
  test: {
    // No request log in test output, even for an app that sets requestLog: 'json' (off wins over it).
    env: { DECORUM_REQUEST_LOG: 'off' },
  },
});
