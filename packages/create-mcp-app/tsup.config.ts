import { defineConfig } from 'tsup';
import { tsupPreset } from '../../scripts/tsup-preset.mjs';

// shims: import.meta.url (where the templates and package.json are found) in the CommonJS build too.
export default defineConfig(tsupPreset({ entry: ['src/index.ts', 'src/node.ts', 'src/bin.ts'], shims: true }));
