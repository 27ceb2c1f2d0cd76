// The Skills extension (SEP-2640, `io.modelcontextprotocol/skills`) as the engine sees it: the wire
// shapes of a skill entry and the provider a server hands the engine. Files themselves are ordinary
// resources, served by the resources provider (resources/read), never by this one.
import type { RequestContext } from '../engine/context.js';
import type { MaybePromise } from '../engine/maybe-promise.js';
import type { ResourceDefinition } from '../engine/types.js';

/** The extension identifier, the key of `capabilities.extensions`. */
export const SKILLS_EXTENSION_ID = 'io.modelcontextprotocol/skills';
/** The MIME type of a directory resource (`resources/directory/read` children, skill roots). */
export const DIRECTORY_MIME_TYPE = 'inode/directory';
/** What a skill publishes instead of a manifest when its files are generated per request. */
export const DYNAMIC_RESOURCES = 'dynamic';
/** SHOULD NOT limits of one skill (entries, total bytes); hosts must support at least these. */
export const SKILL_LIMITS = Object.freeze({ maxFiles: 512, maxTotalBytes: 16 * 1024 * 1024 });

/** One file of a skill's manifest: `sha256:` + 64 lowercase hex over the raw bytes, and their length. */
export interface SkillFile {
  uri: string;
  digest: string;
  size: number;
}

/** The `SKILL.md` frontmatter, verbatim as JSON (`name` and `description` always present). */
export interface SkillFrontmatter {
  name: string;
  description: string;
  [key: string]: unknown;
}

/**
 * A skill entry, identical in `skills/list` and `skills/get`.
 * @example
 * { uri: 'skill://git-workflow/SKILL.md', frontmatter: { name: 'git-workflow', description: '…' }, resources: 'dynamic' }
 */
export interface Skill {
  /** The URI of the skill's `SKILL.md`. */
  uri: string;
  frontmatter: SkillFrontmatter;
  /** Every file once (the `SKILL.md` included), or `"dynamic"` when no stable digests exist. */
  resources: SkillFile[] | typeof DYNAMIC_RESOURCES;
}

/**
 * Serves the skills of a server: the listing, one skill by URI, and (optionally) directory reads.
 * `list` should return the same array instance while the skills do not change.
 */
export interface SkillsProvider {
  /** The skills this caller may see (may be partial: `get` answers for unlisted ones too). */
  list(ctx: RequestContext): MaybePromise<readonly Skill[]>;
  /** The skill whose `SKILL.md` is `uri`, or undefined when this caller is served no such skill. */
  get(uri: string, ctx: RequestContext): MaybePromise<Skill | undefined>;
  /**
   * The direct children of a directory resource, or undefined when `uri` is no directory this caller
   * may read. Its presence declares `directoryRead: true`.
   */
  readDirectory?(uri: string, ctx: RequestContext): MaybePromise<readonly ResourceDefinition[] | undefined>;
}
