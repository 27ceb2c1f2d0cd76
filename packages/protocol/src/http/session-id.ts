import type { AuthInfo } from '../transports/transport.js';

/** `bytes` random bytes from the platform CSPRNG, as hex (visible ASCII, as the spec requires of a session id). */
export function randomHex(bytes: number): string {
  let out = '';
  for (const byte of crypto.getRandomValues(new Uint8Array(bytes))) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** A session id: 128 random bits, as 32 hex characters. Never derived from a counter or the clock. */
export const newSessionId = (): string => randomHex(16);

/**
 * The principal a session (Streamable HTTP or legacy HTTP+SSE) belongs to: its subject, else its client id.
 * Every request into a session must come from the same owner; a credential naming neither never reaches here
 * (the handler refuses it, or makes it its own principal from the token).
 */
export const ownerOf = (auth: AuthInfo | undefined): string | undefined => auth?.subject ?? auth?.clientId;
