// SHA-256 digests in the `sha256:<64 lowercase hex>` form of skill manifests, with Web Crypto (every
// runtime has it), so neither the server nor the client needs a Node built-in for them.

/** The `sha256:` digest of raw bytes. */
export async function sha256Digest(bytes: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  let hex = '';
  for (const byte of hash) hex += byte.toString(16).padStart(2, '0');
  return `sha256:${hex}`;
}

/** The pattern every manifest digest matches. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;
