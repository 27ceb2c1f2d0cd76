// The Skills extension (SEP-2640) as a server extension: skills/list, skills/get and, when the
// provider reads directories, resources/directory/read, with the extension (and `resources`) in the
// capabilities of both eras. The modern codec adds resultType and the cache hints (skills/list and
// skills/get are cacheable) as for any method.
import type { ExtensionMethod, ServerExtension } from '../engine/extension.js';
import { andThen } from '../engine/maybe-promise.js';
import { paginate } from '../engine/pagination.js';
import type { JsonObject, ServerCapabilities } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { SKILLS_EXTENSION_ID, type SkillsProvider } from './skill-types.js';

function uriParam(params: JsonObject, method: string): string {
  const uri = params.uri;
  if (typeof uri !== 'string' || uri === '') {
    throw new McpError(ErrorCode.InvalidParams, `${method}: "uri" must be a non-empty string`, { field: 'uri' });
  }
  return uri;
}

/** Echoes at most this much of a client's URI back in an error. */
const ECHO = 200;

/** The extension's methods for one provider, by name. */
function skillMethods(skills: SkillsProvider): Record<string, ExtensionMethod> {
  const methods: Record<string, ExtensionMethod> = {
    'skills/list': (params, ctx, { scope }) =>
      andThen(skills.list(ctx), (list) => {
        // One skill per item: an entry (with its whole manifest) is never split across pages.
        const page = paginate(list, params.cursor, scope.options.pageSize);
        const result: JsonObject = { skills: page.items };
        if (page.nextCursor !== undefined) result.nextCursor = page.nextCursor;
        return result;
      }),
    'skills/get': (params, ctx) => {
      const uri = uriParam(params, 'skills/get');
      return andThen(skills.get(uri, ctx), (skill) => {
        if (skill === undefined) {
          throw new McpError(ErrorCode.InvalidParams, `skills/get: no skill is served at ${uri.slice(0, ECHO)}`, {
            uri: uri.slice(0, ECHO),
          });
        }
        return { skill };
      });
    },
  };
  const read = skills.readDirectory?.bind(skills);
  if (read === undefined) return methods;
  methods['resources/directory/read'] = (params, ctx, { scope }) => {
    const uri = uriParam(params, 'resources/directory/read');
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
  };
  return methods;
}

/** The extension settings a provider declares: `directoryRead` only when it reads directories. */
export function skillsExtensionSettings(provider: SkillsProvider): JsonObject {
  return provider.readDirectory !== undefined ? { directoryRead: true } : {};
}

/**
 * Serves the Skills extension (SEP-2640) from a provider: `skills/list`, `skills/get`, and
 * `resources/directory/read` when the provider reads directories; declares the extension (and
 * `resources`: skill files are read as resources, served by the resources provider) in both eras.
 * @example
 * server.mount(new SkillsExtension({ list: () => skills, get: (uri) => skills.find((s) => s.uri === uri) }));
 */
export class SkillsExtension implements ServerExtension {
  readonly id = SKILLS_EXTENSION_ID;
  private readonly methods: Readonly<Record<string, ExtensionMethod>>;

  constructor(readonly provider: SkillsProvider) {
    this.methods = skillMethods(provider);
  }

  capabilities(): ServerCapabilities {
    return {
      resources: { listChanged: true },
      extensions: { [SKILLS_EXTENSION_ID]: skillsExtensionSettings(this.provider) },
    };
  }

  method(name: string): ExtensionMethod | undefined {
    // Own properties only: a client's method name is data.
    return Object.hasOwn(this.methods, name) ? this.methods[name] : undefined;
  }
}
