import { defineConfig } from 'tsup';
import { tsupPreset } from '../../scripts/tsup-preset.mjs';

// run-entry is started as its own program in child processes (build's manifest, list/call over stdio).
export default defineConfig(tsupPreset({ entry: ['src/index.ts', 'src/bin.ts', 'src/run-entry.ts'] }));
