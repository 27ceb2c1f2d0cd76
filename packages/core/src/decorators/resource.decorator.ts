import { recordMember } from '../metadata/store.js';
import type { ResourceOptions } from '../metadata/types.js';

/**
 * Marks a method as the reader of a resource with a fixed URI.
 * @example
 * @Resource('config://app', { name: 'app-config', mimeType: 'application/json' })
 * config() { return { theme: 'dark' }; }
 */
export function Resource(uri: string, options: ResourceOptions = {}): MethodDecorator {
  return (target, key) => {
    recordMember(target.constructor, { kind: 'resource', method: String(key), uri, options });
  };
}
