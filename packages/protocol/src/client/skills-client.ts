// The host side of the Skills extension (SEP-2640): list and get skill entries, then load a skill on
// demand — SKILL.md first, supporting files only when asked for — verifying every file read against
// the entry (size, then digest) and the SKILL.md frontmatter field by field. Nothing is read ahead:
// listing reads no file, loading reads only SKILL.md.
import type { JsonObject, ResourceDefinition, ServerCapabilities } from '../engine/types.js';
import { DIGEST_PATTERN, sha256Digest } from '../skills/digest.js';
import { FrontmatterError, parseSkillMarkdown, sameJson } from '../skills/frontmatter.js';
import {
  DYNAMIC_RESOURCES,
  SKILL_LIMITS,
  SKILLS_EXTENSION_ID,
  type Skill,
  type SkillFile,
  type SkillFrontmatter,
} from '../skills/skill-types.js';

/** Why a skill or one of its files was refused; the content is never handed out. */
export type SkillRefusal =
  | 'not-declared'
  | 'invalid-entry'
  | 'limits'
  | 'dynamic'
  | 'unlisted'
  | 'size'
  | 'digest'
  | 'frontmatter';

/** A skill (or file) that failed verification: refresh the entry with `get` before trying again. */
export class SkillVerificationError extends Error {
  override readonly name = 'SkillVerificationError';

  constructor(
    readonly reason: SkillRefusal,
    readonly uri: string,
    message: string,
  ) {
    super(message);
  }
}

/** What the skills client needs of a client: era-aware requests and the server's capabilities. */
export interface SkillsRequester {
  request(
    method: string,
    params: JsonObject,
    options?: { signal?: AbortSignal; capabilities?: { extensions?: JsonObject } },
  ): Promise<JsonObject>;
  readonly serverCapabilities: ServerCapabilities;
}

// The spec asks no client declaration, but some servers (FastMCP) refuse skills/* without one: a modern
// request carries it (a legacy client declares it once, in ClientOptions.capabilities, if it must).
const DECLARED = { extensions: { [SKILLS_EXTENSION_ID]: {} } };

/** One file read and verified. */
export interface VerifiedFile {
  uri: string;
  mimeType?: string;
  bytes: Uint8Array;
  /** The content as text, when the server sent text. */
  text?: string;
}

/** A skill loaded: its entry, its verified SKILL.md, and on-demand reads of its other files. */
export interface LoadedSkill {
  readonly skill: Skill;
  readonly frontmatter: SkillFrontmatter;
  /** SKILL.md after the frontmatter. */
  readonly body: string;
  /** The files of the entry (undefined for a dynamic skill). */
  readonly files: readonly SkillFile[] | undefined;
  /** Reads one file of the skill, verified against the entry; an unlisted file is refused. */
  readFile(uri: string, options?: { signal?: AbortSignal }): Promise<VerifiedFile>;
}

/** Options of {@link SkillsClient.load}. */
export interface LoadSkillOptions {
  /** Accept a `"dynamic"` skill (nothing to verify its files against). Default true. */
  allowDynamic?: boolean;
  signal?: AbortSignal;
}

/**
 * Skills of one server, as a host uses them.
 * @example
 * const skills = new SkillsClient(client);
 * const [first] = await skills.list();
 * const loaded = await skills.load(first);       // reads and verifies SKILL.md only
 * const ref = await loaded.readFile(loaded.files[1].uri); // on demand, verified
 */
export class SkillsClient {
  constructor(private readonly client: SkillsRequester) {}

  /** True when the server declared the extension. */
  get declared(): boolean {
    const extensions = this.client.serverCapabilities.extensions as JsonObject | undefined;
    return extensions !== undefined && Object.hasOwn(extensions, SKILLS_EXTENSION_ID);
  }

  /** True when the server declared `directoryRead: true`. */
  get directoryRead(): boolean {
    const extensions = this.client.serverCapabilities.extensions as JsonObject | undefined;
    return (extensions?.[SKILLS_EXTENSION_ID] as JsonObject | undefined)?.directoryRead === true;
  }

  /** Every listed skill, all pages (may be partial: skills can still be loaded by URI). Reads no file. */
  async list(options?: { signal?: AbortSignal }): Promise<Skill[]> {
    this.requireDeclared('skills/list');
    const skills: Skill[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const params = cursor === undefined ? {} : { cursor };
      const result = await this.client.request('skills/list', params, { ...options, capabilities: DECLARED });
      skills.push(...((result.skills ?? []) as Skill[]));
      cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
      if (cursor !== undefined && seen.has(cursor)) throw new Error('skills/list: the server repeated a cursor');
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor !== undefined);
    return skills;
  }

  /** The entry of the skill whose SKILL.md is `uri` (listed or not). */
  async get(uri: string, options?: { signal?: AbortSignal }): Promise<Skill> {
    this.requireDeclared('skills/get');
    return (await this.client.request('skills/get', { uri }, { ...options, capabilities: DECLARED })).skill as Skill;
  }

  /** The direct children of a directory resource; only when the server declared `directoryRead`. */
  async readDirectory(uri: string, options?: { signal?: AbortSignal }): Promise<ResourceDefinition[]> {
    if (!this.directoryRead) {
      throw new SkillVerificationError('not-declared', uri, 'The server did not declare directoryRead: true');
    }
    const children: ResourceDefinition[] = [];
    let cursor: string | undefined;
    do {
      const params: JsonObject = cursor === undefined ? { uri } : { uri, cursor };
      const result = await this.client.request('resources/directory/read', params, options);
      children.push(...((result.resources ?? []) as ResourceDefinition[]));
      cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined;
    } while (cursor !== undefined);
    return children;
  }

  /**
   * Loads a skill (an entry, or a SKILL.md URI confirmed with `skills/get`): reads its SKILL.md and checks
   * it against the entry — size, digest, and the frontmatter field by field. Other files are read only by
   * `readFile`. @throws SkillVerificationError when anything differs; nothing of the skill is returned then.
   */
  async load(skillOrUri: Skill | string, options: LoadSkillOptions = {}): Promise<LoadedSkill> {
    const skill = typeof skillOrUri === 'string' ? await this.get(skillOrUri, options) : skillOrUri;
    const files = checkEntry(skill);
    if (files === undefined && options.allowDynamic === false) {
      throw new SkillVerificationError('dynamic', skill.uri, `${skill.uri} is dynamic: its files cannot be verified`);
    }
    const read = (uri: string, signal?: AbortSignal) => this.readVerified(skill, files, uri, signal);
    const doc = await read(skill.uri, options.signal);
    let parsed: { frontmatter: SkillFrontmatter; body: string };
    try {
      parsed = parseSkillMarkdown(doc.text ?? new TextDecoder().decode(doc.bytes));
    } catch (error) {
      if (!(error instanceof FrontmatterError)) throw error;
      throw new SkillVerificationError('frontmatter', skill.uri, `${skill.uri}: ${error.message}`);
    }
    const differing = [...new Set([...Object.keys(parsed.frontmatter), ...Object.keys(skill.frontmatter)])].filter(
      (key) => !sameJson(parsed.frontmatter[key] ?? null, skill.frontmatter[key] ?? null),
    );
    if (differing.length > 0) {
      throw new SkillVerificationError(
        'frontmatter',
        skill.uri,
        `${skill.uri}: the SKILL.md frontmatter differs from the entry in ${differing.join(', ')}`,
      );
    }
    return {
      skill,
      frontmatter: parsed.frontmatter,
      body: parsed.body,
      files,
      readFile: (uri, readOptions) => read(uri, readOptions?.signal),
    };
  }

  private async readVerified(
    skill: Skill,
    files: readonly SkillFile[] | undefined,
    uri: string,
    signal?: AbortSignal,
  ): Promise<VerifiedFile> {
    const listed = files?.find((f) => f.uri === uri);
    if (files !== undefined && listed === undefined) {
      throw new SkillVerificationError('unlisted', uri, `${uri} is not a file of ${skill.uri}'s manifest`);
    }
    if (files === undefined && !uri.startsWith(skill.uri.slice(0, -'SKILL.md'.length))) {
      throw new SkillVerificationError('unlisted', uri, `${uri} is outside the skill ${skill.uri}`);
    }
    const result = await this.client.request('resources/read', { uri }, { signal });
    const item =
      ((result.contents ?? []) as JsonObject[]).find((c) => c.uri === uri) ?? (result.contents as JsonObject[])?.[0];
    if (item === undefined) throw new SkillVerificationError('size', uri, `${uri}: the server returned no content`);
    const text = typeof item.text === 'string' ? item.text : undefined;
    const bytes = text !== undefined ? new TextEncoder().encode(text) : fromBase64(String(item.blob ?? ''));
    if (listed !== undefined) {
      // A size mismatch alone is a failure; the digest is checked only on bytes of the right length.
      if (bytes.length !== listed.size) {
        throw new SkillVerificationError(
          'size',
          uri,
          `${uri}: ${bytes.length} bytes read, the entry says ${listed.size}`,
        );
      }
      if ((await sha256Digest(bytes)) !== listed.digest) {
        throw new SkillVerificationError('digest', uri, `${uri}: the content does not match the entry's digest`);
      }
    }
    return {
      uri,
      bytes,
      ...(typeof item.mimeType === 'string' ? { mimeType: item.mimeType } : {}),
      ...(text !== undefined ? { text } : {}),
    };
  }

  private requireDeclared(method: string): void {
    if (!this.declared) {
      throw new SkillVerificationError('not-declared', method, `The server did not declare ${SKILLS_EXTENSION_ID}`);
    }
  }
}

/** The entry's manifest, checked (undefined for a dynamic skill). */
function checkEntry(skill: Skill): readonly SkillFile[] | undefined {
  const uri = typeof skill?.uri === 'string' ? skill.uri : '(no uri)';
  const invalid = (why: string) => new SkillVerificationError('invalid-entry', uri, `${uri}: ${why}`);
  if (typeof skill?.uri !== 'string' || !skill.uri.endsWith('/SKILL.md'))
    throw invalid('the entry has no SKILL.md uri');
  const fm = skill.frontmatter;
  if (fm === null || typeof fm !== 'object' || typeof fm.name !== 'string' || typeof fm.description !== 'string') {
    throw invalid('the entry has no frontmatter with name and description');
  }
  if (skill.resources === DYNAMIC_RESOURCES) return undefined;
  if (!Array.isArray(skill.resources)) throw invalid('resources is neither an array nor "dynamic"');
  let total = 0;
  for (const file of skill.resources) {
    if (typeof file?.uri !== 'string' || typeof file.digest !== 'string' || !DIGEST_PATTERN.test(file.digest)) {
      throw invalid('a resources entry has no uri or no sha256 digest');
    }
    if (!Number.isInteger(file.size) || file.size < 0) throw invalid(`${file.uri} has no byte size`);
    total += file.size;
  }
  if (!skill.resources.some((f) => f.uri === skill.uri)) throw invalid('the manifest does not list SKILL.md');
  if (skill.resources.length > SKILL_LIMITS.maxFiles || total > SKILL_LIMITS.maxTotalBytes) {
    throw new SkillVerificationError(
      'limits',
      uri,
      `${uri}: over ${SKILL_LIMITS.maxFiles} files or ${SKILL_LIMITS.maxTotalBytes} bytes`,
    );
  }
  return skill.resources;
}

function fromBase64(data: string): Uint8Array {
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
