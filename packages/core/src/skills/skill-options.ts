import type { MaybePromise, SkillFrontmatter } from '@decorum/protocol';
import type { Context } from '../runtime/context.js';

/** A file's content: text (UTF-8) or bytes. */
export type SkillContent = string | Uint8Array;

/**
 * A skill made by code instead of a folder: fixed text (served with a manifest of digests, like a
 * folder skill), or functions of the request (a per-tenant or generated skill, served as `"dynamic"`).
 * @example
 * { frontmatter: { name: 'tenant-report', description: 'How to build this tenant’s report' },
 *   body: (ctx) => `Use the report tool with tenant ${ctx.authInfo?.subject}.` }
 */
export interface CodeSkill {
  /** The SKILL.md frontmatter (`name` is the last URI segment; `description` tells hosts when to load it). */
  frontmatter: SkillFrontmatter;
  /** The SKILL.md text after the frontmatter; a function makes the skill dynamic. */
  body: string | ((ctx: Context) => MaybePromise<string>);
  /** Supporting files by relative path (`references/FORMS.md`); a function makes the skill dynamic. */
  files?: Record<string, SkillContent | ((ctx: Context) => MaybePromise<SkillContent>)>;
  /** Scopes a caller needs to see the skill (as `@Authorized`); `[]`: any authenticated caller. */
  authorized?: readonly string[];
  /** `false` leaves it out of `skills/list`: it is still served by `skills/get` and `resources/read`. */
  listed?: boolean;
}

/**
 * Skills served by an app (SEP-2640, docs/skills.md): folders in the Agent Skills layout
 * (`<name>/SKILL.md` plus files) and skills made by code.
 * @example
 * new McpApp({ name, version, providers, skills: { folders: [new URL('../skills', import.meta.url)] } });
 */
export interface SkillsOptions {
  /**
   * Folders of skills: each subfolder holding a `SKILL.md` is one skill named after it; a subfolder
   * without one groups skills under a path segment (`acme/refunds`). Paths are read at startup.
   */
  folders?: readonly (string | URL)[];
  /** Skills made by code. */
  skills?: readonly CodeSkill[];
  /** Path segments before every skill path: `'acme'` serves `skill://acme/<name>/SKILL.md`. */
  prefix?: string;
  /** Serve `resources/directory/read` (declared as `directoryRead: true`). Default true. */
  directoryRead?: boolean;
  /** Scopes per skill path (`'refunds'`, `'acme/refunds'`) for folder skills, as `@Authorized`. */
  authorized?: Readonly<Record<string, readonly string[]>>;
}
