import type { AuthInfo } from '../transports/transport.js';

/**
 * The principal a session (Streamable HTTP or legacy HTTP+SSE) belongs to: its subject, else its client id.
 * Every request into a session must come from the same owner; a credential naming neither never reaches here
 * (the handler refuses it, or makes it its own principal from the token).
 */
export const ownerOf = (auth: AuthInfo | undefined): string | undefined => auth?.subject ?? auth?.clientId;
