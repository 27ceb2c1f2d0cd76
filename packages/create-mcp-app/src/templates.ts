// Where the templates live, what each one declares (template.json), and which files a project gets
// from `_shared/` and its template folder for a given transport.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AUTHS,
  type AuthStyle,
  type DeployTarget,
  SCHEMAS,
  type SchemaStyle,
  type TemplateName,
  TRANSPORTS,
  type Transport,
} from './constants.js';
import { CreateAppError } from './errors.js';

/** What `templates/<name>/template.json` declares. */
export interface TemplateManifest {
  name: TemplateName;
  description: string;
  /** The transports this template can be generated for. */
  transports: Transport[];
  defaultTransport: Transport;
  /** The schema styles its tools come in (`@if schema:zod` sections); `["dto"]` when it lists none. */
  schemas: SchemaStyle[];
  /** The auth choices it supports (`name.auth-oauth.ext` files, `@if auth:oauth` sections); `["none"]` when it lists none. */
  auths: AuthStyle[];
}

/** One file of the project to write: its path in the project and where its template text is. */
export interface TemplateFile {
  /** Project-relative path with `/` separators, e.g. `src/server.ts`. */
  path: string;
  source: string;
}

const SHARED = '_shared';
/** `_deploy/<target>/`: a deploy target's configuration files, added on top of the template's. */
const DEPLOY = '_deploy';
const VARIANT = /^(.*)\.(stdio|http|both)(\.[^./]+)$/;
// `schema-` keeps the marker apart from names that merely end in `.dto` (the full template's notes.dto.ts).
const SCHEMA_VARIANT = /^(.*)\.schema-(dto|zod)(\.[^./]+)$/;
const AUTH_VARIANT = /^(.*)\.auth-(none|oauth)(\.[^./]+)$/;
// npm drops .gitignore from published packages, so templates keep it without its dot.
const RENAMES: Record<string, string> = { gitignore: '.gitignore' };

/**
 * The templates folder: the copy inside the published package, else the monorepo's `templates/`.
 * @example
 * const dir = findTemplatesDir(); // …/create-mcp-app/templates or …/repo/templates
 */
export function findTemplatesDir(): string {
  const candidates = ['../templates', '../../../templates'].map((path) =>
    fileURLToPath(new URL(path, import.meta.url)),
  );
  const found = candidates.find((dir) => existsSync(join(dir, SHARED)));
  if (found === undefined) {
    throw new CreateAppError(
      'TEMPLATE',
      `create-mcp-app cannot find its templates (looked in ${candidates.join(', ')})`,
    );
  }
  return found;
}

/** Reads and checks `template.json` of one template. */
export function readTemplateManifest(templatesDir: string, name: TemplateName): TemplateManifest {
  const file = join(templatesDir, name, 'template.json');
  let raw: Partial<TemplateManifest>;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Partial<TemplateManifest>;
  } catch (error) {
    throw new CreateAppError('TEMPLATE', `Cannot read ${file}: ${(error as Error).message}`, { cause: error });
  }
  const transports = (raw.transports ?? []).filter((t): t is Transport => TRANSPORTS.includes(t));
  if (transports.length === 0 || raw.defaultTransport === undefined || !transports.includes(raw.defaultTransport)) {
    throw new CreateAppError('TEMPLATE', `${file} must list "transports" and a "defaultTransport" among them`);
  }
  const schemas = (raw.schemas ?? ['dto']).filter((s): s is SchemaStyle => SCHEMAS.includes(s));
  const auths = (raw.auths ?? ['none']).filter((a): a is AuthStyle => AUTHS.includes(a));
  return {
    name,
    description: raw.description ?? '',
    transports,
    defaultTransport: raw.defaultTransport,
    schemas,
    auths,
  };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/**
 * Maps a template path to its project path for `transport` and `schema`, or undefined when it is another
 * transport's or schema style's variant.
 */
function projectPath(
  templatePath: string,
  transport: Transport,
  schema: SchemaStyle,
  auth: AuthStyle,
): string | undefined {
  const parts = templatePath.split(sep);
  let name = parts.pop() ?? '';
  for (const [pattern, chosen] of [
    [VARIANT, transport],
    [SCHEMA_VARIANT, schema],
    [AUTH_VARIANT, auth],
  ] as const) {
    const variant = pattern.exec(name);
    if (variant !== null && variant[2] !== chosen) return undefined;
    if (variant !== null) name = `${variant[1]}${variant[3]}`;
  }
  return [...parts, RENAMES[name] ?? name].join('/');
}

/**
 * The files of a project: `_shared/` first, then the template's own files, which replace shared
 * ones of the same path. `name.<transport>.ext` and `name.schema-<dto|zod>.ext` files are variants: only the chosen
 * transport's (and schema style's) is kept, renamed to `name.ext`; `name.auth-oauth.ext` files only with `--auth oauth`.
 * A deploy target other than `node` adds the files of `_deploy/<target>/` last.
 */
export function templateFiles(
  templatesDir: string,
  name: TemplateName,
  transport: Transport,
  schema: SchemaStyle = 'dto',
  auth: AuthStyle = 'none',
  deploy: DeployTarget = 'node',
): TemplateFile[] {
  const files = new Map<string, TemplateFile>();
  const roots = [join(templatesDir, SHARED), join(templatesDir, name)];
  // Not every target needs a file (Bun runs the bundle as it is).
  if (deploy !== 'node' && existsSync(join(templatesDir, DEPLOY, deploy)))
    roots.push(join(templatesDir, DEPLOY, deploy));
  for (const root of roots) {
    for (const source of walk(root)) {
      const rel = relative(root, source);
      if (rel === 'template.json') continue;
      const path = projectPath(rel, transport, schema, auth);
      if (path !== undefined) files.set(path, { path, source });
    }
  }
  return [...files.values()].sort((a, b) => a.path.localeCompare(b.path));
}
