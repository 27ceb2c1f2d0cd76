// MIME types of skill files by extension, and whether a file goes out as text or as a blob.

const TYPES: Readonly<Record<string, string>> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  csv: 'text/csv',
  html: 'text/html',
  css: 'text/css',
  xml: 'application/xml',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/typescript',
  py: 'text/x-python',
  sh: 'application/x-sh',
  sql: 'application/sql',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The MIME type of a file name; unknown extensions: text/plain for UTF-8 text, else octet-stream. */
export function mimeTypeOf(name: string, text: boolean): string {
  const dot = name.lastIndexOf('.');
  const known = dot > 0 ? TYPES[name.slice(dot + 1).toLowerCase()] : undefined;
  return known ?? (text ? 'text/plain' : 'application/octet-stream');
}

/**
 * The bytes as text when they are valid UTF-8 (a BOM kept, so the text encodes back to the very bytes
 * the digest covers), else undefined: the file goes out as a base64 blob.
 */
export function asText(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Base64 of bytes, in chunks (no call-stack limit on large files). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
