// SKILL.md frontmatter: the YAML block between the leading `---` lines, parsed strictly (a YAML 1.2 subset,
// core schema, unique keys, no anchors or tags: yaml-subset.ts) into plain JSON. Shared by the server (startup checks) and
// the client (the field-by-field comparison a host must make before loading a skill).

import type { SkillFrontmatter } from './skill-types.js';
import { parseYamlSubset, YamlSubsetError } from './yaml-subset.js';

/** A SKILL.md whose frontmatter is missing or unreadable; `message` says what to fix. */
export class FrontmatterError extends Error {
  override readonly name = 'FrontmatterError';
}

/** The Agent Skills name rule: 1–64 of `[a-z0-9-]`, no leading, trailing or doubled hyphen. */
export const SKILL_NAME_PATTERN = /^(?!.*--)[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/;

const BLOCK = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** Frontmatter past this size is refused before parsing (bounded work on a hostile file). */
const MAX_FRONTMATTER_CHARS = 64 * 1024;

/**
 * The frontmatter of a SKILL.md and the body after it.
 * @throws FrontmatterError when there is no `---` block, it is not a YAML mapping, or `name` /
 *   `description` are missing or not non-empty strings.
 * @example
 * parseSkillMarkdown('---\nname: pdf\ndescription: Reads PDFs\n---\nBody').frontmatter.name; // 'pdf'
 */
export function parseSkillMarkdown(text: string): { frontmatter: SkillFrontmatter; body: string } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = BLOCK.exec(source);
  if (match === null) {
    throw new FrontmatterError('SKILL.md must start with a YAML frontmatter block between two "---" lines');
  }
  const yaml = match[1] as string;
  if (yaml.length > MAX_FRONTMATTER_CHARS) {
    throw new FrontmatterError(`the frontmatter is over ${MAX_FRONTMATTER_CHARS} characters`);
  }
  let value: unknown;
  try {
    value = parseYamlSubset(yaml);
  } catch (error) {
    if (!(error instanceof YamlSubsetError)) throw error;
    throw new FrontmatterError(`frontmatter ${error.message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new FrontmatterError('the frontmatter must be a YAML mapping (key: value lines)');
  }
  const frontmatter = value as Record<string, unknown>;
  for (const key of ['name', 'description'] as const) {
    if (typeof frontmatter[key] !== 'string' || (frontmatter[key] as string).trim() === '') {
      throw new FrontmatterError(`the frontmatter needs a non-empty "${key}" string`);
    }
  }
  return { frontmatter: frontmatter as SkillFrontmatter, body: source.slice(match[0].length) };
}

/**
 * A SKILL.md from its frontmatter and body (what code-made skills serve).
 * @example
 * renderSkillMarkdown({ name: 'pdf', description: 'Reads PDFs' }, 'Use the pdf tool.');
 */
export function renderSkillMarkdown(frontmatter: SkillFrontmatter, body: string): string {
  return `---\n${emitMapping(frontmatter, '')}---\n\n${body}`;
}

const SIMPLE_KEY = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

/** YAML for JSON data: block mappings, JSON scalars (valid YAML), flow sequences of scalars. */
function emitMapping(value: Record<string, unknown>, pad: string): string {
  let out = '';
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    const name = SIMPLE_KEY.test(key) ? key : JSON.stringify(key);
    if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
      out += `${pad}${name}:\n${emitMapping(item as Record<string, unknown>, `${pad}  `)}`;
    } else if (Array.isArray(item)) {
      if (item.some((v) => v !== null && typeof v === 'object')) {
        throw new FrontmatterError(`frontmatter "${key}": a list of lists or mappings cannot be written; use scalars`);
      }
      out += `${pad}${name}: [${item.map((v) => JSON.stringify(v)).join(', ')}]\n`;
    } else {
      out += `${pad}${name}: ${JSON.stringify(item)}\n`;
    }
  }
  return out;
}

/** Deep equality of two JSON values (objects compared key by key, order ignored). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}
