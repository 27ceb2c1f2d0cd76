// One line per reload: how long it took and what the lists gained, lost and changed.
import type { ListChanges, ManifestChanges } from '@decorum/core';

function describeList(label: string, list: ListChanges): string | undefined {
  const parts = [
    ...list.added.map((name) => `+${name}`),
    ...list.removed.map((name) => `-${name}`),
    ...list.changed.map((name) => `~${name}`),
  ];
  return parts.length === 0 ? undefined : `${label} ${parts.join(' ')}`;
}

/** E.g. `reloaded in 84 ms · tools +add ~greet · prompts -summary`, or `… · no list changes`. */
export function formatReload(ms: number, changes: ManifestChanges): string {
  const lists = [
    describeList('tools', changes.tools),
    describeList('resources', changes.resources),
    describeList('prompts', changes.prompts),
  ].filter((part): part is string => part !== undefined);
  return `reloaded in ${Math.round(ms)} ms · ${lists.length > 0 ? lists.join(' · ') : 'no list changes'}`;
}
