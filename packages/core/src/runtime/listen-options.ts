import type { ServeHttpOptions } from '@decorum/protocol/node';

/** Where `McpApp.listen` serves: stdio, or HTTP (`{ http: { port, host, path } }`, 127.0.0.1 by default). */
export type ListenOptions = { stdio: true } | { http: ServeHttpOptions };
