/**
 * Node-only entry: the stdio transport. Kept off the root entry so `@decorum/protocol` loads in
 * runtimes without `node:` modules.
 */
export const STDIO_PLACEHOLDER = true;
