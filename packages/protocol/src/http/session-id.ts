/**
 * A session id: 128 random bits from the platform CSPRNG, as 32 hex characters (visible ASCII, as
 * the spec requires). Never derived from a counter or the clock.
 */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** A shorter random id for stream names inside a session. */
export function newStreamId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * Stream ids for one endpoint: a random prefix, so instances sharing an event store never collide,
 * then a counter. A stream id only needs to be unique (the session id is the secret), and drawing
 * random bytes for every POST was a visible share of a request's CPU.
 */
export function streamIdSource(): () => string {
  const prefix = newStreamId();
  let next = 0;
  return () => `${prefix}${(next++).toString(36)}`;
}
