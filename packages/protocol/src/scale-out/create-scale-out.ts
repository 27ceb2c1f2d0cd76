import type { ScaleOut } from '../http/scale-out.js';
import { ClusterSessions } from './cluster-sessions.js';
import type { ScaleOutParts } from './scale-out-parts.js';

/**
 * A {@link ScaleOut} over shared stores of your own (another database or broker than Redis): pass
 * the result as the HTTP endpoint's `scaleOut` option, which owns it from then on and closes it.
 * The result keeps `parts`' own properties, so the stores stay reachable on it.
 * @example
 * import { createScaleOut, InMemorySessionStore } from '@decorum/protocol/scale-out';
 * const scaleOut = createScaleOut({ sessionStore: new InMemorySessionStore(), eventStore, bus });
 * new StreamableHttpHandler(server, { scaleOut });
 */
export function createScaleOut<P extends ScaleOutParts>(parts: P): P & ScaleOut {
  return { ...parts, attach: (host) => new ClusterSessions(host, parts) };
}
