import { recordParam } from '../metadata/store.js';
import type { Class } from '../metadata/types.js';

/**
 * Injects the whole arguments object, validated into an instance of a DTO class. The class is
 * the reflected parameter type, or the one given (needed when the DTO is imported with `import type`).
 * @example
 * @Tool() search(@Args() query: SearchQuery) { … }
 */
export function Args(type?: Class): ParameterDecorator {
  return (target, key, index) => {
    recordParam(target.constructor, String(key), { kind: 'args', index, type });
  };
}
