// The app's skills at run time: the engine's SkillsProvider (skills/list, skills/get, directory
// reads) and a layer over the app's resources provider that serves every skill file through
// resources/read and lists each SKILL.md. Digests and sizes are computed once per build; a protected
// skill is left out of every list and answer for a caller without its scopes.
import {
  ErrorCode,
  type JsonObject,
  McpError,
  type ReadResourceResult,
  type RequestContext,
  type ResourceDefinition,
  type ResourcesProvider,
  type Skill,
  type SkillsProvider,
  sha256Digest,
} from '@decorum/protocol';
import type { CompileDeps } from '../runtime/compile.js';
import { Context } from '../runtime/context.js';
import { answerFailure } from '../runtime/error-model.js';
import type { ExecutionContext } from '../runtime/execution.js';
import { GuardRejectedError } from '../runtime/failures.js';
import { guardFunction, intercepted, interceptorFunction } from '../runtime/invoke.js';
import { allows, demand, ScopeFilter } from '../runtime/scopes.js';
import { asText, toBase64 } from './skill-mime.js';
import type { SkillsOptions } from './skill-options.js';
import { buildSkillSet, type ServedFile, type ServedSkill } from './skill-set.js';

/**
 * What the app's guards and interceptors see as the `target` of a skill file read (`kind: 'resource'`, `name`: the
 * skill's name, `uri`: the file, `method`: the skill path).
 */
export class SkillFileRead {}

/** What McpApp serves for its skills. */
export interface SkillsLayer {
  readonly provider: SkillsProvider;
  resources(inner: ResourcesProvider | undefined): ResourcesProvider;
}

const SCHEME = 'skill://';
const ECHO = 200;

/** The skills layer of an app's options (undefined without skills). @throws SkillDeclarationError */
export function appSkills(options: SkillsOptions | undefined, deps: CompileDeps): SkillsLayer | undefined {
  return options && skillsLayer(buildSkillSet(options), options.directoryRead ?? true, deps);
}

/** The providers of a set of skills. `directoryRead` (default true) serves resources/directory/read. */
export function skillsLayer(skills: readonly ServedSkill[], directoryRead: boolean, deps: CompileDeps): SkillsLayer {
  const byUri = new Map(skills.map((s) => [s.uri, s]));
  const fileOwner = new Map<string, { skill: ServedSkill; file: ServedFile }>();
  for (const skill of skills) for (const file of skill.files.values()) fileOwner.set(file.uri, { skill, file });
  const dirOwner = new Map<string, ServedSkill>();
  for (const skill of skills) for (const dir of skill.dirs.keys()) dirOwner.set(dir, skill);
  const listed = skills.filter((s) => s.listed);
  const listedFilter = new ScopeFilter<Skill>(listed.map((s) => s.required));
  const docFilter = new ScopeFilter<ResourceDefinition>(listed.map((s) => s.required));
  const docs: ResourceDefinition[] = listed.map(skillDocument);

  // Entries (with digests) are made once, on first use, and kept: the same array instance every time.
  let entries: Map<string, Skill> | undefined;
  let listedEntries: Skill[] | undefined;
  let making: Promise<void> | undefined;
  const ready = (): Promise<void> | undefined => {
    if (entries !== undefined) return undefined;
    making ??= Promise.all(skills.map(entryOf)).then((made) => {
      entries = new Map(made.map((e) => [e.uri, e]));
      listedEntries = listed.map((s) => entries?.get(s.uri) as Skill);
    });
    return making;
  };
  const whenReady = <T>(then: () => T): T | Promise<T> => {
    const waiting = ready();
    return waiting === undefined ? then() : waiting.then(then);
  };

  const provider: SkillsProvider = {
    list: (ctx) => whenReady(() => listedFilter.filter(listedEntries as Skill[], ctx.authInfo)),
    get: (uri, ctx) =>
      whenReady(() => {
        const skill = byUri.get(uri);
        return skill !== undefined && allows(ctx.authInfo, skill.required) ? entries?.get(uri) : undefined;
      }),
  };
  if (directoryRead) {
    provider.readDirectory = (uri, ctx) => {
      const skill = dirOwner.get(uri);
      return skill !== undefined && allows(ctx.authInfo, skill.required) ? skill.dirs.get(uri) : undefined;
    };
  }

  const guards = deps.guards.map((g) => guardFunction(g, deps.container));
  const interceptors = deps.interceptors.map((i) => interceptorFunction(i, deps.container));
  const content = async (file: ServedFile, context: Context): Promise<ReadResourceResult> => {
    const made = file.bytes ?? (await (file.produce as NonNullable<ServedFile['produce']>)(context));
    const bytes = typeof made === 'string' ? new TextEncoder().encode(made) : made;
    const text = typeof made === 'string' ? made : asText(bytes);
    const item: JsonObject = { uri: file.uri, mimeType: file.mimeType };
    if (text !== undefined) item.text = text;
    else item.blob = toBase64(bytes);
    return { contents: [item] };
  };
  // A skill file is read as a resource is: its scopes, then the app's guards and interceptors, failures in one table.
  const read = async (uri: string, ctx: RequestContext): Promise<ReadResourceResult> => {
    const { skill, file } = fileOwner.get(uri) as { skill: ServedSkill; file: ServedFile };
    const subject = `resource "${uri}"`;
    try {
      demand(ctx.authInfo, skill.required, `skill ${skill.path}`);
      const context = new Context(ctx, deps.services, deps.notifyResourceUpdated);
      if (guards.length === 0 && interceptors.length === 0) return await content(file, context);
      const execution: ExecutionContext = {
        kind: 'resource',
        name: skill.frontmatter.name,
        uri,
        target: SkillFileRead,
        method: skill.path,
        args: {},
        context,
      };
      for (const guard of guards) if (!(await guard(execution))) throw new GuardRejectedError();
      if (interceptors.length === 0) return await content(file, context);
      return (await intercepted(interceptors, execution, () => content(file, context))) as ReadResourceResult;
    } catch (error) {
      return answerFailure(error, subject, 'error', deps.errors);
    }
  };

  return {
    provider,
    resources(inner) {
      const merged = new WeakMap<
        readonly ResourceDefinition[],
        WeakMap<readonly ResourceDefinition[], ResourceDefinition[]>
      >();
      const withDocs = (items: readonly ResourceDefinition[], visible: readonly ResourceDefinition[]) => {
        let byDocs = merged.get(items);
        if (byDocs === undefined) {
          byDocs = new WeakMap();
          merged.set(items, byDocs);
        }
        let out = byDocs.get(visible);
        if (out === undefined) {
          out = [...items, ...visible];
          byDocs.set(visible, out);
        }
        return out;
      };
      const none: readonly ResourceDefinition[] = [];
      return {
        ...inner,
        subscribe: inner?.subscribe ?? false,
        async list(ctx) {
          const items = inner ? await inner.list(ctx) : none;
          return withDocs(items, docFilter.filter(docs, ctx.authInfo));
        },
        templates: (ctx) => inner?.templates?.(ctx) ?? [],
        authorizeSubscribe(uri, ctx) {
          const owner = fileOwner.get(uri);
          if (owner !== undefined) return demand(ctx.authInfo, owner.skill.required, `skill ${owner.skill.path}`);
          return inner?.authorizeSubscribe?.(uri, ctx);
        },
        read(params, ctx) {
          if (fileOwner.has(params.uri)) return read(params.uri, ctx);
          // The skill namespace is this layer's: what it does not hold is not served (traversals included).
          if (inner === undefined || params.uri.startsWith(SCHEME)) {
            throw new McpError(ErrorCode.InvalidParams, `No resource is served at ${params.uri.slice(0, ECHO)}`, {
              uri: params.uri.slice(0, ECHO),
            });
          }
          return inner.read(params, ctx);
        },
      };
    },
  };
}

/** The SKILL.md as a listed resource: name and description mirror the frontmatter. */
function skillDocument(skill: ServedSkill): ResourceDefinition {
  const doc = skill.files.get(skill.uri) as ServedFile;
  return {
    uri: skill.uri,
    name: skill.frontmatter.name,
    description: skill.frontmatter.description,
    mimeType: 'text/markdown',
    ...(doc.bytes !== undefined ? { size: doc.bytes.length } : {}),
  };
}

async function entryOf(skill: ServedSkill): Promise<Skill> {
  if (skill.dynamic) return { uri: skill.uri, frontmatter: skill.frontmatter, resources: 'dynamic' };
  const resources = await Promise.all(
    [...skill.files.values()].map(async (file) => {
      const bytes = file.bytes as Uint8Array;
      return { uri: file.uri, digest: await sha256Digest(bytes), size: bytes.length };
    }),
  );
  return { uri: skill.uri, frontmatter: skill.frontmatter, resources };
}
