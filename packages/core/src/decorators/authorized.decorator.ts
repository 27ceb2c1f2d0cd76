import { DecorumStartupError } from '../errors.js';
import { recordScopes } from '../metadata/store.js';

/**
 * Restricts a class (every primitive in it) or one tool, resource, template or prompt to callers
 * whose credentials carry every listed scope; with no scope, to any authenticated caller. Others
 * do not see it in lists, and a call is refused with `InsufficientScopeError` — over HTTP a 403
 * whose `WWW-Authenticate` names the scopes, so the client can step up its authorization.
 * Class and method scopes add up.
 * @example
 * @Authorized('notes:read')
 * class Notes {
 *   @Tool({ description: 'Lists notes' }) list() { … }
 *   @Authorized('notes:write') @Tool({ description: 'Deletes a note' }) remove(@Arg('id') id: string) { … }
 * }
 */
export function Authorized(...scopes: string[]): ClassDecorator & MethodDecorator {
  for (const scope of scopes) {
    if (typeof scope !== 'string' || scope === '' || /[\s"\\]/.test(scope)) {
      throw new DecorumStartupError(
        'invalid-scope',
        `@Authorized: "${String(scope)}" is not a valid OAuth scope (no spaces, quotes or backslashes)`,
      );
    }
  }
  return ((target: object, key?: string | symbol) => {
    const ctor = key === undefined ? (target as Function) : target.constructor;
    recordScopes(ctor, key === undefined ? '' : String(key), scopes);
  }) as ClassDecorator & MethodDecorator;
}
