// npm's naming rules for new packages (those of validate-npm-package-name), without the dependency.
import { builtinModules } from 'node:module';

const MAX_LENGTH = 214;
const RESERVED = new Set(['node_modules', 'favicon.ico']);
const SCOPED = /^@([^/]+)\/([^/]+)$/;

/** The verdict on a project name: the problems found, and a valid name to suggest when there are any. */
export interface NameCheck {
  valid: boolean;
  problems: string[];
  suggestion?: string;
}

function partProblems(part: string, what: string): string[] {
  const problems: string[] = [];
  if (part.startsWith('.') || part.startsWith('_')) problems.push(`${what} cannot start with "." or "_"`);
  if (part !== part.toLowerCase()) problems.push(`${what} cannot contain capital letters`);
  if (/[~'!()*]/.test(part)) problems.push(`${what} cannot contain any of ~'!()*`);
  if (encodeURIComponent(part) !== part) problems.push(`${what} can only contain URL-safe characters`);
  return problems;
}

/** Lower-cases a name and replaces what npm refuses with dashes: "My App!" → "my-app". */
export function suggestProjectName(name: string): string {
  const clean = (part: string) =>
    part
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+|[._-]+$/g, '')
      .replace(/-{2,}/g, '-');
  const scoped = SCOPED.exec(name.trim());
  const result = scoped ? `@${clean(scoped[1] ?? '')}/${clean(scoped[2] ?? '')}` : clean(name);
  return result.replace(/^@\/|\/$/g, '') || 'my-mcp-server';
}

function problemsOf(name: string): string[] {
  const problems: string[] = [];
  if (name.length === 0) problems.push('the name cannot be empty');
  if (name.trim() !== name) problems.push('the name cannot start or end with spaces');
  if (name.length > MAX_LENGTH) problems.push(`the name cannot be longer than ${MAX_LENGTH} characters`);
  if (RESERVED.has(name.toLowerCase())) problems.push(`"${name}" is a reserved name`);
  if (builtinModules.includes(name.toLowerCase())) problems.push(`"${name}" is the name of a Node.js built-in module`);
  const scoped = SCOPED.exec(name);
  if (scoped) {
    problems.push(...partProblems(scoped[1] ?? '', 'the scope'), ...partProblems(scoped[2] ?? '', 'the name'));
  } else if (name.length > 0) {
    if (name.includes('/')) problems.push('only a scoped name (@scope/name) may contain "/"');
    else problems.push(...partProblems(name, 'the name'));
  }
  return [...new Set(problems)];
}

/**
 * Checks a project name against npm's rules for new packages: at most 214 characters, lower case,
 * URL-safe, not starting with "." or "_", not a Node built-in module, optionally `@scope/name`.
 * @example
 * checkProjectName('My App'); // { valid: false, problems: [...], suggestion: 'my-app' }
 */
export function checkProjectName(name: string): NameCheck {
  const problems = problemsOf(name);
  if (problems.length === 0) return { valid: true, problems: [] };
  const suggestion = suggestProjectName(name);
  // Offered only when it passes the rules itself ("http" suggests "http", a built-in: no suggestion).
  return { valid: false, problems, ...(problemsOf(suggestion).length === 0 && { suggestion }) };
}

/** The part of a name after its scope: the MCP server's name and the key of client configurations. */
export function unscopedName(name: string): string {
  return SCOPED.exec(name)?.[2] ?? name;
}
