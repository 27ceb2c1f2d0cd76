import { recordParam } from '../metadata/store.js';
import type { ArgOptions } from '../metadata/types.js';

/**
 * Injects one named argument. Its type is the reflected parameter type (String, Number, Boolean,
 * a DTO class) or `options.type` (`[String]` for an array of strings).
 * @example
 * @Tool() add(@Arg('a') a: number, @Arg('b', { description: 'second term' }) b: number) { return String(a + b); }
 */
export function Arg(name: string, options: ArgOptions = {}): ParameterDecorator {
  return (target, key, index) => {
    recordParam(target.constructor, String(key), { kind: 'arg', index, name, options });
  };
}
