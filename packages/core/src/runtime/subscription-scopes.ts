// What a prefix subscription (`subscriptions/listen` resourceSubscriptions, `resources/subscribe`)
// would let a caller hear of: the read scopes of every resource and template it covers.
import { coversUri } from '@decorum/protocol';
import { readScopes } from '../metadata/store.js';
import type { ResourceEntry, TemplateEntry } from '../scanner/manifest.js';

/**
 * The read scopes (`undefined`: public) of the resources and templates a subscription `prefix`
 * covers, by the engine's own coverage rule. A template counts when its fixed head (before the
 * first variable) is under the prefix, or the prefix under its head (some instances may be).
 */
export function coveredScopes(
  prefix: string,
  resources: readonly ResourceEntry[],
  templates: readonly TemplateEntry[],
): Array<readonly string[] | undefined> {
  const scopes: Array<readonly string[] | undefined> = [];
  for (const entry of resources) {
    if (coversUri(prefix, entry.uri)) scopes.push(readScopes(entry.provider, entry.method));
  }
  for (const entry of templates) {
    const variable = entry.uriTemplate.indexOf('{');
    const head = variable === -1 ? entry.uriTemplate : entry.uriTemplate.slice(0, variable);
    if (coversUri(prefix, head) || prefix.startsWith(head)) {
      scopes.push(readScopes(entry.provider, entry.method));
    }
  }
  return scopes;
}
