import { recordParam } from '../metadata/store.js';

/**
 * Injects a variable of the resource template, percent-decoded.
 * @example
 * @ResourceTemplate('users://{id}/profile') profile(@Param('id') id: string) { … }
 */
export function Param(name: string): ParameterDecorator {
  return (target, key, index) => {
    recordParam(target.constructor, String(key), { kind: 'param', index, name });
  };
}
