// Reading skill folders (Agent Skills layout) at startup, synchronously, so a mistake is an error of
// `new McpApp(…)` that names the file and the fix. Node-only: the built-ins are reached through
// `process.getBuiltinModule`, so the root entry still loads in any runtime.
import {
  FrontmatterError,
  parseSkillMarkdown,
  SKILL_LIMITS,
  SKILL_NAME_PATTERN,
  type SkillFrontmatter,
} from '@decorum/protocol';
import { SkillDeclarationError } from './skill-errors.js';

/** One skill read from disk: its path under the folder, frontmatter, and every file (SKILL.md first). */
export interface LoadedSkill {
  /** Skill path, `/`-separated (`refunds`, `acme/refunds`); the last segment is the name. */
  path: string;
  /** Where it came from, for messages. */
  source: string;
  frontmatter: SkillFrontmatter;
  /** Files by path relative to the skill directory (`SKILL.md`, `references/FORMS.md`). */
  files: { path: string; bytes: Uint8Array }[];
}

interface Fs {
  lstatSync(path: string): { isDirectory(): boolean; isFile(): boolean; isSymbolicLink(): boolean; size: number };
  readdirSync(path: string): string[];
  readFileSync(path: string): Uint8Array;
}
interface Path {
  join(...parts: string[]): string;
  resolve(...parts: string[]): string;
}
interface Url {
  fileURLToPath(url: URL): string;
}

/** Prefix groups deeper than this are refused (a folder is not a file system walk without end). */
const MAX_GROUP_DEPTH = 4;
const MAX_DESCRIPTION = 1024;

function builtins(): { fs: Fs; path: Path; url: Url } {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  if (get === undefined) {
    throw new SkillDeclarationError(
      'skills.folders needs Node.js (20.16 or later) to read the folders; elsewhere, give the skills as skills.skills (code)',
    );
  }
  return { fs: get('node:fs') as Fs, path: get('node:path') as Path, url: get('node:url') as Url };
}

/** The folders as absolute paths (a relative path resolves against the working directory). */
export function resolveSkillFolders(folders: readonly (string | URL)[]): string[] {
  if (folders.length === 0) return [];
  const { path, url } = builtins();
  return folders.map((folder) => (folder instanceof URL ? url.fileURLToPath(folder) : path.resolve(folder)));
}

/** Reads every skill of the folders given. @throws SkillDeclarationError naming the file and the fix. */
export function readSkillFolders(folders: readonly (string | URL)[]): LoadedSkill[] {
  const { fs, path } = builtins();
  const skills: LoadedSkill[] = [];
  for (const root of resolveSkillFolders(folders)) {
    const stat = statOf(fs, root);
    if (stat === undefined || !stat.isDirectory()) {
      throw new SkillDeclarationError(
        `skills folder ${root} does not exist or is not a directory: create it or fix skills.folders`,
      );
    }
    readGroup(fs, path, root, [], skills);
  }
  return skills;
}

function statOf(fs: Fs, file: string) {
  try {
    return fs.lstatSync(file);
  } catch {
    return undefined;
  }
}

function checkEntry(fs: Fs, file: string, name: string) {
  if (name.startsWith('.')) {
    throw new SkillDeclarationError(
      `${file}: dotfiles are not served in skills; remove it or move it out of the skills folder`,
    );
  }
  const stat = fs.lstatSync(file);
  if (stat.isSymbolicLink()) {
    throw new SkillDeclarationError(
      `${file}: symbolic links are refused in skills (they could point outside); copy the file in instead`,
    );
  }
  return stat;
}

function readGroup(fs: Fs, path: Path, dir: string, segments: string[], out: LoadedSkill[]): void {
  for (const name of fs.readdirSync(dir).sort()) {
    const file = path.join(dir, name);
    const stat = checkEntry(fs, file, name);
    if (!stat.isDirectory()) continue; // loose files beside the skills (a README) are not served
    const skillMd = statOf(fs, path.join(file, 'SKILL.md'));
    if (skillMd !== undefined) {
      out.push(readSkill(fs, path, file, [...segments, name]));
    } else if (segments.length + 1 < MAX_GROUP_DEPTH) {
      readGroup(fs, path, file, [...segments, name], out);
    }
  }
}

function readSkill(fs: Fs, path: Path, dir: string, segments: string[]): LoadedSkill {
  const name = segments[segments.length - 1] as string;
  const skillMdPath = path.join(dir, 'SKILL.md');
  if (!SKILL_NAME_PATTERN.test(name)) {
    throw new SkillDeclarationError(
      `${dir}: "${name}" is not a skill name (1–64 of a-z 0-9 and "-", no leading, trailing or doubled "-"); rename the folder`,
    );
  }
  const files: LoadedSkill['files'] = [];
  let total = 0;
  const walk = (at: string, rel: string) => {
    for (const entry of fs.readdirSync(at).sort()) {
      const file = path.join(at, entry);
      const stat = checkEntry(fs, file, entry);
      const relPath = rel === '' ? entry : `${rel}/${entry}`;
      if (stat.isDirectory()) {
        walk(file, relPath);
        continue;
      }
      if (!stat.isFile())
        throw new SkillDeclarationError(`${file}: only regular files are served in skills; remove it`);
      total += stat.size;
      if (files.length + 1 > SKILL_LIMITS.maxFiles || total > SKILL_LIMITS.maxTotalBytes) {
        throw new SkillDeclarationError(
          `${dir}: a skill may hold at most ${SKILL_LIMITS.maxFiles} files and ${SKILL_LIMITS.maxTotalBytes} bytes (SEP-2640); split it or move large files out`,
        );
      }
      files.push({ path: relPath, bytes: fs.readFileSync(file) });
    }
  };
  walk(dir, '');
  const skillMd = files.find((f) => f.path === 'SKILL.md') as LoadedSkill['files'][number];
  let frontmatter: SkillFrontmatter;
  try {
    frontmatter = parseSkillMarkdown(new TextDecoder().decode(skillMd.bytes)).frontmatter;
  } catch (error) {
    if (!(error instanceof FrontmatterError)) throw error;
    throw new SkillDeclarationError(`${skillMdPath}: ${error.message}`);
  }
  checkFrontmatter(frontmatter, name, skillMdPath);
  // SKILL.md first: the manifest's first entry is the skill's own URI.
  return {
    path: segments.join('/'),
    source: skillMdPath,
    frontmatter,
    files: [skillMd, ...files.filter((f) => f !== skillMd)],
  };
}

/** The frontmatter rules of a served skill. @throws SkillDeclarationError naming `where`. */
export function checkFrontmatter(frontmatter: SkillFrontmatter, name: string, where: string): void {
  if (
    typeof frontmatter.name !== 'string' ||
    typeof frontmatter.description !== 'string' ||
    frontmatter.description.trim() === ''
  ) {
    throw new SkillDeclarationError(
      `${where}: the frontmatter needs "name" and a non-empty "description" (hosts decide from it when to load the skill)`,
    );
  }
  if (frontmatter.name !== name) {
    throw new SkillDeclarationError(
      `${where}: frontmatter name "${frontmatter.name}" differs from the skill's folder "${name}"; set name: ${name} or rename the folder`,
    );
  }
  if (!SKILL_NAME_PATTERN.test(name)) {
    throw new SkillDeclarationError(
      `${where}: "${name}" is not a skill name (1–64 of a-z 0-9 and "-", no leading, trailing or doubled "-")`,
    );
  }
  if (frontmatter.description.length > MAX_DESCRIPTION) {
    throw new SkillDeclarationError(
      `${where}: the description is over ${MAX_DESCRIPTION} characters (Agent Skills limit); shorten it`,
    );
  }
}
