// The pick of an era codec: the one place a request meets its era (see era-codec.ts for the interface).
import type { InboundCall } from './era-codec.js';
import { type LegacyLink, legacyCodec } from './legacy-codec.js';
import type { MaybePromise } from './maybe-promise.js';
import { modernCodec } from './modern/modern-dispatch.js';
import type { Router } from './router.js';
import type { JsonObject } from './types.js';

/**
 * Serves a request through its era's codec: the modern one when it carries the envelope, whatever the link did
 * before (a legacy session may send one), else the legacy one.
 */
export function serveCall(router: Router, call: InboundCall, link: LegacyLink): MaybePromise<JsonObject> {
  return call.envelope === undefined ? legacyCodec.serve(router, call, link) : modernCodec.serve(router, call, link);
}
