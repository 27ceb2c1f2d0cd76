// The implementations, in the order every round runs them.
import { fileURLToPath } from 'node:url';
import { DECORUM_BUILT } from './build-decorum.mjs';

const server = (name) => fileURLToPath(new URL(`../servers/${name}`, import.meta.url));

export const IMPLS = [
  { name: 'decorum', file: fileURLToPath(DECORUM_BUILT) },
  { name: 'sdk-v1', file: server('sdk-v1.mjs') },
  { name: 'server-v2', file: server('server-v2.mjs') },
  { name: 'raw', file: server('raw.mjs') },
];

/** Snapshots made by bench/snapshot-decorum.mjs, as implementations named decorum@<name> (runs them first). */
export function withSnapshots(names) {
  const snapshots = names.map((name) => ({
    name: `decorum@${name}`,
    file: fileURLToPath(new URL(`../.build/decorum-${name}.mjs`, import.meta.url)),
  }));
  return [...snapshots, ...IMPLS];
}
