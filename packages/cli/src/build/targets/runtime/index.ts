// The glue a target's generated entry imports (`@decorum/cli/target-runtime`): it finds the app the
// user's module builds and turns it into a Fetch handler, served the way the target can keep it.
// Bundled into Web runtimes: no Node built-in, and nothing of @decorum/core but its types (the app
// is reached structurally, so the project's own copy of core is the one that serves).
export { serveBun } from './bun-serve.js';
export { captureListen } from './capture.js';
export { denoListenOptions } from './deno-listen.js';
export { type FetchHandlerOptions, fetchHandler } from './fetch-handler.js';
export { lambdaHandlers } from './lambda-handlers.js';
export { routeHandlers } from './route-handlers.js';
export { StatelessTargetError } from './stateless-check.js';
