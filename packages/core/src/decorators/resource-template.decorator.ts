import type { StandardSchemaV1 } from '@standard-schema/spec';
import { recordMember } from '../metadata/store.js';
import type { ResourceTemplateOptions } from '../metadata/types.js';
import type { SchemaMethodDecorator } from './schema-method.js';

/**
 * Marks a method as the reader of every resource matching an RFC 6570 URI template; template
 * variables reach it through `@Param(name)`.
 * @example
 * @ResourceTemplate('weather://forecast/{city}', { name: 'forecast', mimeType: 'application/json' })
 * forecast(@Param('city') city: string) { return { city, sky: 'clear' }; }
 */
export function ResourceTemplate<S extends StandardSchemaV1>(
  uriTemplate: string,
  options: Omit<ResourceTemplateOptions, 'variables'> & { variables: S },
): SchemaMethodDecorator<S>;
export function ResourceTemplate(uriTemplate: string, options?: ResourceTemplateOptions): MethodDecorator;
export function ResourceTemplate(uriTemplate: string, options: ResourceTemplateOptions = {}): MethodDecorator {
  return (target, key) => {
    recordMember(target.constructor, { kind: 'template', method: String(key), uri: uriTemplate, options });
  };
}
