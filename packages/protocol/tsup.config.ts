import { defineConfig } from 'tsup';
import { tsupPreset } from '../../scripts/tsup-preset.mjs';

export default defineConfig(
  tsupPreset({
    entry: [
      'src/index.ts',
      'src/stdio.ts',
      'src/node.ts',
      'src/tasks.ts',
      'src/scale-out.ts',
      'src/client.ts',
      'src/client-stdio.ts',
      'src/fetch.ts',
    ],
  }),
);
