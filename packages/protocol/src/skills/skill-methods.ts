// The Skills extension's method set: skills/list, skills/get and, when the provider reads
// directories, resources/directory/read. Mounted in the method table of both eras; the modern codec
// adds resultType and the cache hints (skills/list and skills/get are cacheable) as for any method.
import { andThen } from '../engine/maybe-promise.js';
import { paginate } from '../engine/pagination.js';
import type { MethodHandler, MethodScope } from '../engine/server-methods.js';
import type { JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { SkillsProvider } from './skill-types.js';

function uriParam(params: JsonObject, method: string): string {
  const uri = params.uri;
  if (typeof uri !== 'string' || uri === '') {
    throw new McpError(ErrorCode.InvalidParams, `${method}: "uri" must be a non-empty string`, { field: 'uri' });
  }
  return uri;
}

const skillsOf = (scope: MethodScope) => scope.catalog.skills as SkillsProvider;
const served = (scope: MethodScope) => scope.catalog.skills !== undefined;

/** Echoes at most this much of a client's URI back in an error. */
const ECHO = 200;

/** The extension's methods, by name (spread into the engine's method table). */
export const skillMethods: Readonly<Record<string, MethodHandler>> = {
  'skills/list': {
    available: served,
    handle(params, ctx, scope) {
      return andThen(skillsOf(scope).list(ctx), (skills) => {
        // One skill per item: an entry (with its whole manifest) is never split across pages.
        const page = paginate(skills, params.cursor, scope.options.pageSize);
        const result: JsonObject = { skills: page.items };
        if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
        return result;
      });
    },
  },
  'skills/get': {
    available: served,
    handle(params, ctx, scope) {
      const uri = uriParam(params, 'skills/get');
      return andThen(skillsOf(scope).get(uri, ctx), (skill) => {
        if (skill === undefined) {
          throw new McpError(ErrorCode.InvalidParams, `skills/get: no skill is served at ${uri.slice(0, ECHO)}`, {
            uri: uri.slice(0, ECHO),
          });
        }
        return { skill };
      });
    },
  },
  'resources/directory/read': {
    available: (scope: MethodScope) => scope.catalog.skills?.readDirectory !== undefined,
    handle(params, ctx, scope) {
      const uri = uriParam(params, 'resources/directory/read');
      const read = skillsOf(scope).readDirectory as NonNullable<SkillsProvider['readDirectory']>;
      return andThen(read(uri, ctx), (children) => {
        if (children === undefined) {
          throw new McpError(
            ErrorCode.InvalidParams,
            `resources/directory/read: ${uri.slice(0, ECHO)} is not a directory this server serves`,
            { uri: uri.slice(0, ECHO) },
          );
        }
        const page = paginate(children, params.cursor, scope.options.pageSize);
        const result: JsonObject = { resources: page.items };
        if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
        return result;
      });
    },
  },
};

/** The extension settings a provider declares: `directoryRead` only when it reads directories. */
export function skillsExtensionSettings(provider: SkillsProvider): JsonObject {
  return provider.readDirectory !== undefined ? { directoryRead: true } : {};
}
