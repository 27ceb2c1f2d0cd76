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
