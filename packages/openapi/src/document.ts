// Reading an OpenAPI document: from a file, a URL or an object, validated against its specification
// and dereferenced with @readme/openapi-parser (a maintained fork of swagger-parser), once at startup.

import { readBoundedText } from '@decorum/protocol/client';
import { bundle, compileErrors, dereference, validate } from '@readme/openapi-parser';
import { parse as parseYaml } from 'yaml';
import { startDocumentWorker } from './document-worker.js';
import type { OpenApiVersion } from './json-schema.js';
import type { OperationInfo } from './operation-info.js';

/** An OpenAPI 3.0 or 3.1 document as plain JSON (`$ref`s allowed; they are resolved when loaded). */
export type OpenApiDocument = Record<string, unknown>;

/** A loaded document: dereferenced (no `$ref` left; recursive schemas become object cycles). */
export interface LoadedDocument {
  document: OpenApiDocument;
  version: OpenApiVersion;
  /** Where the document came from, when it was a URL: relative server URLs resolve against it. */
  url?: URL;
  /** Read on a worker thread and cut to the selection: its tools compile their schemas when first used. */
  large?: boolean;
}

/** The document is not a valid OpenAPI 3.0/3.1 document (the message lists the problems). */
export class OpenApiDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiDocumentError';
  }
}

/** Limits on reading a document: its size, and YAML aliases (a few hundred bytes of nested aliases expand forever). */
export interface DocumentLimits {
  /** The largest document read, in bytes. Default 64 MiB. */
  maxDocumentBytes?: number;
  /** The most alias expansions a YAML document may make. Default 100. */
  maxYamlAliases?: number;
}

/** How {@link loadDocument} reads a document. */
export interface LoadOptions extends DocumentLimits {
  fetcher?: typeof fetch;
  /** Validate against the OpenAPI specification. Default true. */
  check?: boolean;
  /**
   * The operations wanted. A file or URL holding JSON is then read and cut down on a worker thread, and only these
   * operations and what they reference are validated and dereferenced (see docs/openapi.md, "Large documents").
   */
  keep?: (operation: OperationInfo) => boolean;
}

const DEFAULT_MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
const DEFAULT_MAX_YAML_ALIASES = 100;

const asUrl = (source: string): URL | undefined => {
  if (!/^https?:\/\//i.test(source)) return undefined;
  return new URL(source);
};

/**
 * Loads, validates and dereferences `source` (a file path, an http(s) URL, or the document itself; an
 * object is not changed). Swagger 2.0 is refused: convert it to OpenAPI 3 first. `check: false` skips
 * validation against the specification (most of the time spent here: the parser compiles its schema of OpenAPI).
 * @throws OpenApiDocumentError when the document is invalid, too large, or not OpenAPI 3.0/3.1.
 */
export async function loadDocument(
  source: string | OpenApiDocument,
  options: LoadOptions = {},
): Promise<LoadedDocument> {
  const url = typeof source === 'string' ? asUrl(source) : undefined;
  const maxBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
  // bundle() pulls external $refs in; validate and dereference then work on copies of that, so nothing is read
  // twice and the caller's object stays as it was.
  let bundled: OpenApiDocument;
  try {
    let input: string | OpenApiDocument = source;
    if (typeof source === 'string') {
      const text = url === undefined ? undefined : await fetchText(url, options.fetcher ?? fetch, maxBytes);
      const read = await readLarge(url === undefined ? { path: source } : { text }, maxBytes, options);
      if (read !== undefined && 'loaded' in read) return url === undefined ? read.loaded : { ...read.loaded, url };
      if (read !== undefined && 'reduced' in read) input = read.reduced;
      else {
        const raw = read?.text ?? text ?? (await readFileText(source, maxBytes));
        const parsed = parseDocument(raw, options.maxYamlAliases ?? DEFAULT_MAX_YAML_ALIASES);
        // A file keeps its path, so that relative external $refs resolve next to it.
        input = url === undefined ? source : parsed;
      }
    }
    bundled = (await bundle(typeof input === 'string' ? input : (structuredClone(input) as never))) as never;
  } catch (error) {
    if (error instanceof OpenApiDocumentError) throw error;
    throw new OpenApiDocumentError(`Cannot read the OpenAPI document: ${(error as Error).message}`);
  }
  const declared = typeof bundled.openapi === 'string' ? bundled.openapi : undefined;
  const version: OpenApiVersion | undefined = declared?.startsWith('3.0')
    ? '3.0'
    : declared?.startsWith('3.1')
      ? '3.1'
      : undefined;
  if (version === undefined) {
    const found = declared ?? (typeof bundled.swagger === 'string' ? `swagger ${bundled.swagger}` : 'no version');
    throw new OpenApiDocumentError(`Only OpenAPI 3.0 and 3.1 documents are supported (found ${found})`);
  }
  if (options.check !== false) {
    const result = await validate(structuredClone(bundled) as never);
    if (!result.valid) throw new OpenApiDocumentError(compileErrors(result));
  }
  const document = (await dereference(bundled as never)) as OpenApiDocument;
  return url === undefined ? { document, version } : { document, version, url };
}

/**
 * JSON read, cut down to the kept operations and loaded on a worker thread; the text when it is not JSON; undefined
 * when there is no worker (not Node) or the document has external $refs.
 */
async function readLarge(
  source: { path?: string; text?: string },
  maxBytes: number,
  options: LoadOptions,
): Promise<{ loaded: LoadedDocument } | { reduced: OpenApiDocument } | { text: string } | undefined> {
  const worker = await startDocumentWorker(source, maxBytes, options.check !== false);
  if (worker === undefined) return undefined;
  const { index } = worker;
  if (index.kind !== 'index') {
    await worker.stop();
    if (index.kind === 'error') throw new OpenApiDocumentError(`Cannot read the OpenAPI document: ${index.message}`);
    return index.kind === 'text' ? { text: index.text } : undefined;
  }
  const positions: number[] = [];
  index.operations.forEach((operation, i) => {
    if (options.keep === undefined || options.keep(operation)) positions.push(i);
  });
  const answer = await worker.select(positions);
  if (answer.kind === 'invalid') throw new OpenApiDocumentError(answer.message);
  if (answer.kind === 'reduced') return { reduced: answer.document };
  return { loaded: { document: answer.document, version: answer.version, large: true } };
}

/** A file's text, within the size limit (Node only: reached by a dynamic import). */
async function readFileText(path: string, maxBytes: number): Promise<string> {
  const { readFile, stat } = await import('node:fs/promises');
  const { size } = await stat(path);
  if (size > maxBytes)
    throw new Error(`the document is ${size} bytes, over the limit of ${maxBytes} (maxDocumentBytes)`);
  return readFile(path, 'utf8');
}

/** JSON, or YAML with a bound on alias expansion. */
function parseDocument(text: string, maxAliases: number): OpenApiDocument {
  if (/^\s*\{/.test(text)) return JSON.parse(text) as OpenApiDocument;
  try {
    return parseYaml(text, { maxAliasCount: maxAliases }) as OpenApiDocument;
  } catch (error) {
    throw new OpenApiDocumentError(
      `Cannot read the OpenAPI document: ${(error as Error).message} (YAML aliases are limited to ${maxAliases} expansions: maxYamlAliases)`,
    );
  }
}

/**
 * A document at `url`, fetched here (up to `maxBytes`): the parser refuses loopback and private addresses (a guard
 * against `$ref`s that reach inside a network), but the document itself is the one the developer named.
 */
async function fetchText(url: URL, fetcher: typeof fetch, maxBytes: number): Promise<string> {
  const response = await fetcher(url, { headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' } });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GET ${url} answered HTTP ${response.status}`);
  }
  return readBoundedText(response, maxBytes, 'the document');
}
