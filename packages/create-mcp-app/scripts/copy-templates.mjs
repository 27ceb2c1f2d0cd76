// prepack/postpack: the templates live at the repository root (templates/, built and tested in CI);
// the published package needs its own copy next to dist/, where the scaffolder looks first.
// Usage: node scripts/copy-templates.mjs [--remove]
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const source = fileURLToPath(new URL('../../../templates', import.meta.url));
const copy = fileURLToPath(new URL('../templates', import.meta.url));

rmSync(copy, { recursive: true, force: true });
if (!process.argv.includes('--remove')) {
  if (!existsSync(source)) throw new Error(`No templates at ${source}`);
  cpSync(source, copy, { recursive: true, filter: (path) => !/[\\/](node_modules|dist)([\\/]|$)/.test(path) });
}
