import { defineConfig } from 'tsup';
import { tsupPreset } from '../../scripts/tsup-preset.mjs';

export default defineConfig(tsupPreset({ entry: ['src/index.ts', 'src/node.ts'] }));
