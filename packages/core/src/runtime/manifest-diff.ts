// What changed between two builds of an app, as clients see it: the list entries (with their
// schemas), not the classes behind them. A DTO gaining a field changes its tool's entry even though
// the tool's class and method are the same; a provider renamed without any visible change is no change.
import type { Manifest } from '../scanner/manifest.js';
import { promptDefinition, resourceDefinition, templateDefinition, toolDefinition } from './definitions.js';
import type { SchemaServices } from './services.js';

/** Names added, removed and changed in one list. */
export interface ListChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** What changed between two manifests, per list (resources include templates, by URI template). */
export interface ManifestChanges {
  tools: ListChanges;
  resources: ListChanges;
  prompts: ListChanges;
}

/** Each list entry of a manifest by name (tools, prompts) or URI (resources, templates), as JSON. */
export interface ManifestSignatures {
  tools: Map<string, string>;
  resources: Map<string, string>;
  prompts: Map<string, string>;
}

/** The list entries clients would see for `manifest`, serialized once per entry. */
export function manifestSignatures(manifest: Manifest, services: SchemaServices): ManifestSignatures {
  const keyed = <T>(items: readonly T[], key: (item: T) => string, json: (item: T) => unknown) =>
    new Map(items.map((item) => [key(item), JSON.stringify(json(item))]));
  const resources = keyed(
    manifest.resources,
    (r) => r.uri,
    (r) => resourceDefinition(r),
  );
  for (const [uri, json] of keyed(
    manifest.templates,
    (t) => t.uriTemplate,
    (t) => templateDefinition(t),
  )) {
    resources.set(uri, json);
  }
  return {
    tools: keyed(
      manifest.tools,
      (t) => t.name,
      (t) => toolDefinition(t, '2020-12', services),
    ),
    resources,
    prompts: keyed(
      manifest.prompts,
      (p) => p.name,
      (p) => promptDefinition(p, services),
    ),
  };
}

function diffList(before: Map<string, string>, after: Map<string, string>): ListChanges {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k));
  return { added, removed, changed };
}

/** Compares two sets of signatures list by list. */
export function diffManifests(before: ManifestSignatures, after: ManifestSignatures): ManifestChanges {
  return {
    tools: diffList(before.tools, after.tools),
    resources: diffList(before.resources, after.resources),
    prompts: diffList(before.prompts, after.prompts),
  };
}

/** True when a list has any addition, removal or change. */
export function hasChanges(list: ListChanges): boolean {
  return list.added.length + list.removed.length + list.changed.length > 0;
}
