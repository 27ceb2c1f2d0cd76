// The package.json inside an npm tarball (`package/package.json` in a gzipped tar), read without
// unpacking: enough to follow one @decorum/* package's dependencies on the others.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;
// A packed Decorum package is well under this; a larger file is not one of ours and is not read whole.
const MAX_UNPACKED = 64 * 1024 * 1024;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString('utf8');
}

/** The manifest of the tarball at `path`, or undefined when it has none (or is not a readable tarball). */
export function tarballManifest(path: string): Record<string, unknown> | undefined {
  let tar: Buffer;
  try {
    tar = gunzipSync(readFileSync(path), { maxOutputLength: MAX_UNPACKED });
  } catch {
    return undefined;
  }
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    const name = field(header, 0, 100);
    if (name === '') return undefined; // the two empty blocks that end an archive
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const body = at + BLOCK;
    if ((prefix === '' ? name : `${prefix}/${name}`) === 'package/package.json') {
      try {
        return JSON.parse(tar.subarray(body, body + size).toString('utf8')) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    }
    at = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  return undefined;
}

/** The `@decorum/*` names a manifest depends on (dependencies and peer dependencies). */
export function decorumDependencies(manifest: Record<string, unknown> | undefined): string[] {
  const names = new Set<string>();
  for (const field of ['dependencies', 'peerDependencies'] as const) {
    const deps = manifest?.[field];
    if (deps !== null && typeof deps === 'object')
      for (const name of Object.keys(deps)) if (name.startsWith('@decorum/')) names.add(name);
  }
  return [...names];
}
