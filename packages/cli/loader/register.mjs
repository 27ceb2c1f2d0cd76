// `node --import @decorum/cli/register app.ts` runs TypeScript sources with legacy decorators and
// decorator metadata. esbuild and tsx never emit `design:paramtypes`, which DTO reflection needs, so
// this hook compiles each .ts module with @swc/core instead (see DESIGN.md §5).
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url);
