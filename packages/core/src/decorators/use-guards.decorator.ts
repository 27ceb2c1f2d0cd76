import { recordGuards } from '../metadata/store.js';
import type { Guard } from '../runtime/execution.js';

/**
 * Guards a class (every primitive in it) or one method. A guard returning false refuses the call:
 * a tool answers with an `isError` result, a resource or prompt with a JSON-RPC error.
 * @example
 * const admin: Guard = ({ context }) => context.authInfo?.scopes?.includes('admin') === true;
 * @UseGuards(admin) @Tool() dropTable() { … }
 */
export function UseGuards(...guards: Guard[]): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const ctor = key === undefined ? (target as Function) : target.constructor;
    recordGuards(ctor, key === undefined ? '' : String(key), guards);
  }) as ClassDecorator & MethodDecorator;
}
