// What the engine keeps of a legacy session between requests, and what a shared store holds of it.
// Here, in the engine, because the engine produces and restores it; stores (HTTP, Redis) only carry it.
import type { ClientCapabilities, Implementation, LoggingLevel } from './types.js';

/** What a session must remember between requests; a shared session store keeps this. */
export interface SessionState {
  protocolVersion: string;
  clientInfo?: Implementation;
  clientCapabilities: ClientCapabilities;
  logLevel?: LoggingLevel;
  subscriptions: string[];
}

/** What a shared store keeps of a session, enough to serve it from any instance. */
export interface StoredSession {
  state: SessionState;
  /** The authenticated principal the session belongs to, if any. */
  owner?: string;
}
