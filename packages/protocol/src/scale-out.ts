/**
 * `@decorum/protocol/scale-out`: runs one server as one of many instances behind a load balancer,
 * with no sticky routing — legacy sessions restored on any instance from a shared store, SSE streams
 * resumed and followed across instances, list changes and resource updates fanned out over a bus.
 * `redisScaleOut(url)` from `@decorum/redis` builds on it; `createScaleOut` takes stores of your own.
 * The HTTP endpoint reaches this code only through the `ScaleOut` it is given: a single instance never
 * loads it. Runs in any JavaScript runtime.
 * @example
 * import { createScaleOut, InMemorySessionStore } from '@decorum/protocol/scale-out';
 * const scaleOut = createScaleOut({ sessionStore: new InMemorySessionStore(), eventStore, bus });
 * new StreamableHttpHandler(server, { scaleOut });
 */
export type { ScaleOut, ScaleOutHost, SharedSessions } from './http/scale-out.js';
export type { SharedSessionStreams, StreamRelay } from './http/stream-relay.js';
export { createScaleOut } from './scale-out/create-scale-out.js';
export type { ScaleOutParts } from './scale-out/scale-out-parts.js';
export {
  applySessionChange,
  InMemorySessionStore,
  type SessionChange,
  type SessionStore,
} from './scale-out/session-store.js';
