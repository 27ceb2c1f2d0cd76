// The skills of an app as served: one record per skill with its files by URI and its directories,
// built once at startup from the folders and the code skills. Nothing outside these maps is ever
// served, so a URI that walks out (`skill://x/../../etc/passwd`, `%2e%2e`) is simply not found.
import {
  DIRECTORY_MIME_TYPE,
  type MaybePromise,
  type ResourceDefinition,
  renderSkillMarkdown,
  type SkillFrontmatter,
} from '@decorum/protocol';
import type { Context } from '../runtime/context.js';
import type { Requirement } from '../runtime/scopes.js';
import { SkillDeclarationError } from './skill-errors.js';
import { checkFrontmatter, type LoadedSkill, readSkillFolders } from './skill-folder.js';
import { asText, mimeTypeOf } from './skill-mime.js';
import type { CodeSkill, SkillContent, SkillsOptions } from './skill-options.js';

/** One file of a served skill: fixed bytes, or produced per request (dynamic skills). */
export interface ServedFile {
  uri: string;
  mimeType: string;
  bytes?: Uint8Array;
  produce?: (ctx: Context) => MaybePromise<SkillContent>;
}

/** One served skill. */
export interface ServedSkill {
  /** Skill path (`acme/refunds`), without the scheme. */
  path: string;
  /** The SKILL.md URI. */
  uri: string;
  frontmatter: SkillFrontmatter;
  required: Requirement;
  listed: boolean;
  /** True when any file is produced per request: the entry says `"dynamic"`. */
  dynamic: boolean;
  /** Files by URI, SKILL.md first. */
  files: Map<string, ServedFile>;
  /** Directory URIs (the root and every subdirectory) → their direct children. */
  dirs: Map<string, ResourceDefinition[]>;
}

const SCHEME = 'skill://';
const SEGMENT = /^[a-z0-9][a-z0-9._~-]*$/i;

/** Every skill of the options, checked. @throws SkillDeclarationError naming the skill and the fix. */
export function buildSkillSet(options: SkillsOptions): ServedSkill[] {
  const prefix = options.prefix?.split('/').filter((s) => s !== '') ?? [];
  for (const segment of prefix) {
    if (!SEGMENT.test(segment)) {
      throw new SkillDeclarationError(
        `skills.prefix "${options.prefix}": "${segment}" is not a URI path segment (letters, digits, . _ ~ -)`,
      );
    }
  }
  const loaded = options.folders?.length ? readSkillFolders(options.folders) : [];
  const skills = [
    ...loaded.map((skill) => folderSkill(skill, prefix, options.authorized?.[skill.path])),
    ...(options.skills ?? []).map((skill, i) => codeSkill(skill, i, prefix)),
  ];
  const seen = new Map<string, string>();
  for (const skill of skills) {
    const other = seen.get(skill.uri);
    if (other !== undefined) {
      throw new SkillDeclarationError(
        `Two skills are served at ${skill.uri}; rename one of them or give skills.prefix`,
      );
    }
    seen.set(skill.uri, skill.path);
  }
  for (const path of Object.keys(options.authorized ?? {})) {
    if (!loaded.some((s) => s.path === path)) {
      throw new SkillDeclarationError(
        `skills.authorized names "${path}", which no skills folder holds (known: ${loaded.map((s) => s.path).join(', ') || 'none'})`,
      );
    }
  }
  return skills;
}

function folderSkill(skill: LoadedSkill, prefix: string[], required: Requirement): ServedSkill {
  const path = [...prefix, skill.path].join('/');
  const files = skill.files.map(({ path: rel, bytes }) => ({ rel, bytes }));
  return assemble(path, skill.frontmatter, required, true, files);
}

function codeSkill(skill: CodeSkill, index: number, prefix: string[]): ServedSkill {
  const name = skill.frontmatter?.name;
  const where = `skills.skills[${index}]${typeof name === 'string' ? ` (${name})` : ''}`;
  checkFrontmatter(skill.frontmatter ?? ({} as SkillFrontmatter), String(name), where);
  const { frontmatter, body } = skill;
  const files: { rel: string; bytes?: Uint8Array; produce?: ServedFile['produce'] }[] = [
    typeof body === 'string'
      ? { rel: 'SKILL.md', bytes: new TextEncoder().encode(renderSkillMarkdown(frontmatter, body)) }
      : {
          rel: 'SKILL.md',
          produce: (ctx) => Promise.resolve(body(ctx)).then((text) => renderSkillMarkdown(frontmatter, text)),
        },
  ];
  for (const [rel, content] of Object.entries(skill.files ?? {})) {
    checkRelativePath(rel, where);
    files.push(
      typeof content === 'function'
        ? { rel, produce: content }
        : { rel, bytes: typeof content === 'string' ? new TextEncoder().encode(content) : content },
    );
  }
  return assemble([...prefix, name].join('/'), frontmatter, skill.authorized, skill.listed ?? true, files);
}

function checkRelativePath(rel: string, where: string): void {
  const segments = rel.split('/');
  const bad =
    rel === 'SKILL.md' ||
    rel.includes('\\') ||
    segments.some((s) => s === '' || s === '.' || s === '..' || s.startsWith('.') || s.includes('%'));
  if (bad) {
    throw new SkillDeclarationError(
      `${where}: file "${rel}" must be a relative path of plain segments (no "..", dotfiles, "%", or SKILL.md, which is the body)`,
    );
  }
}

function assemble(
  path: string,
  frontmatter: SkillFrontmatter,
  required: Requirement,
  listed: boolean,
  entries: { rel: string; bytes?: Uint8Array; produce?: ServedFile['produce'] }[],
): ServedSkill {
  const root = `${SCHEME}${path}`;
  const files = new Map<string, ServedFile>();
  const dirs = new Map<string, Map<string, ResourceDefinition>>([[root, new Map()]]);
  for (const { rel, bytes, produce } of entries) {
    const uri = `${root}/${rel}`;
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const mimeType = mimeTypeOf(name, bytes === undefined || asText(bytes) !== undefined);
    files.set(uri, { uri, mimeType, ...(bytes !== undefined ? { bytes } : {}), ...(produce ? { produce } : {}) });
    // Each ancestor directory lists its direct child on the way down.
    const segments = rel.split('/');
    let dir = root;
    segments.forEach((segment, i) => {
      const child = `${dir}/${segment}`;
      const last = i === segments.length - 1;
      const listing = dirs.get(dir) as Map<string, ResourceDefinition>;
      if (!listing.has(segment)) {
        listing.set(
          segment,
          last
            ? { uri: child, name: segment, mimeType, ...(bytes !== undefined ? { size: bytes.length } : {}) }
            : { uri: child, name: segment, mimeType: DIRECTORY_MIME_TYPE },
        );
      }
      if (!last && !dirs.has(child)) dirs.set(child, new Map());
      dir = child;
    });
  }
  const sorted = new Map([...dirs].map(([uri, children]) => [uri, [...children.values()].sort(byUri)]));
  const dynamic = [...files.values()].some((f) => f.produce !== undefined);
  return { path, uri: `${root}/SKILL.md`, frontmatter, required, listed, dynamic, files, dirs: sorted };
}

const byUri = (a: ResourceDefinition, b: ResourceDefinition) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0);
