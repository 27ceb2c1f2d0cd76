import { base64url, fromBase64url, sha256 } from './random.js';

/** A sealing key as configured: 32 random bytes, base64url (`openssl rand -base64 32` fits too). */
export type SealingKey = string;

interface LoadedKey {
  id: string;
  key: CryptoKey;
}

/** Sealed values start with this, then the key id, the IV and the ciphertext. */
const PREFIX = 'v1';

/**
 * Encrypts secrets at rest with AES-256-GCM. The first configured key seals; every key opens, so a key is
 * rotated by putting a new one first and keeping the old one until what it sealed has been rewritten (each
 * upstream refresh rewrites a user's tokens) or has expired. `context` binds a sealed value to its record
 * (authenticated data): a value copied under another user's key does not open.
 * @example const sealer = new Sealer([process.env.OAUTH_ENCRYPTION_KEY!]);
 */
export class Sealer {
  private readonly loaded: Promise<LoadedKey[]>;

  constructor(keys: readonly SealingKey[]) {
    if (keys.length === 0) throw new TypeError('oauth: encryptionKeys needs at least one key (32 bytes, base64url)');
    this.loaded = Promise.all(keys.map((key, index) => load(key, index)));
    // The first use reports a bad key; keep the rejection from being unhandled before that.
    this.loaded.catch(() => {});
  }

  /** Seals `plain` for the record named `context`. */
  async seal(plain: string, context: string): Promise<string> {
    const [current] = await this.loaded;
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const data = new TextEncoder().encode(plain);
    const sealed = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(context) },
      (current as LoadedKey).key,
      data,
    );
    return `${PREFIX}.${(current as LoadedKey).id}.${base64url(iv)}.${base64url(new Uint8Array(sealed))}`;
  }

  /** Opens a sealed value; undefined when no configured key opens it or it was sealed for another record. */
  async open(sealed: string, context: string): Promise<string | undefined> {
    const [prefix, id, iv, data] = sealed.split('.');
    if (prefix !== PREFIX || iv === undefined || data === undefined) return undefined;
    const key = (await this.loaded).find((k) => k.id === id);
    if (key === undefined) return undefined;
    try {
      const plain = await crypto.subtle.decrypt(
        {
          name: 'AES-GCM',
          iv: fromBase64url(iv) as Uint8Array<ArrayBuffer>,
          additionalData: new TextEncoder().encode(context),
        },
        key.key,
        fromBase64url(data) as Uint8Array<ArrayBuffer>,
      );
      return new TextDecoder().decode(plain);
    } catch {
      return undefined;
    }
  }

  /** Whether `sealed` was sealed with an older key (rewrite it to finish a rotation). */
  async isStale(sealed: string): Promise<boolean> {
    const [current] = await this.loaded;
    return sealed.split('.')[1] !== (current as LoadedKey).id;
  }
}

async function load(text: SealingKey, index: number): Promise<LoadedKey> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64url(text.trim());
  } catch {
    bytes = new Uint8Array();
  }
  // The message names the position of the key, never the key.
  if (bytes.length !== 32) throw new TypeError(`oauth: encryptionKeys[${index}] is not 32 bytes of base64url`);
  const key = await crypto.subtle.importKey('raw', bytes as Uint8Array<ArrayBuffer>, 'AES-GCM', false, [
    'encrypt',
    'decrypt',
  ]);
  return { id: (await sha256(`decorum-oauth-key:${text.trim()}`)).slice(0, 8), key };
}
