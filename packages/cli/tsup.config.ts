import { defineConfig } from 'tsup';
import { tsupPreset } from '../../scripts/tsup-preset.mjs';

// run-entry is started as its own program in child processes (build's manifest, list/call over stdio).
// target-runtime is bundled into the apps `decorum build --target` builds for Web runtimes; workers (the
// Durable Object task store) is imported by apps on Cloudflare Workers.
export default defineConfig(
  tsupPreset({
    entry: {
      index: 'src/index.ts',
      bin: 'src/bin.ts',
      'run-entry': 'src/run-entry.ts',
      'target-runtime': 'src/build/targets/runtime/index.ts',
      workers: 'src/workers.ts',
    },
  }),
);
