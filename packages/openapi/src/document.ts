// Reading an OpenAPI document: from a file, a URL or an object, validated against its specification
// and dereferenced with @readme/openapi-parser (a maintained fork of swagger-parser), once at startup.
import { bundle, compileErrors, dereference, validate } from '@readme/openapi-parser';
import type { OpenApiVersion } from './json-schema.js';

/** An OpenAPI 3.0 or 3.1 document as plain JSON (`$ref`s allowed; they are resolved when loaded). */
export type OpenApiDocument = Record<string, unknown>;

/** A loaded document: dereferenced (no `$ref` left; recursive schemas become object cycles). */
export interface LoadedDocument {
  document: OpenApiDocument;
  version: OpenApiVersion;
  /** Where the document came from, when it was a URL: relative server URLs resolve against it. */
  url?: URL;
}

/** The document is not a valid OpenAPI 3.0/3.1 document (the message lists the problems). */
export class OpenApiDocumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpenApiDocumentError';
  }
}

const asUrl = (source: string): URL | undefined => {
  if (!/^https?:\/\//i.test(source)) return undefined;
  return new URL(source);
};

/**
 * Loads, validates and dereferences `source` (a file path, an http(s) URL, or the document itself; an
 * object is not changed). Swagger 2.0 is refused: convert it to OpenAPI 3 first. `check: false` skips
 * validation against the specification (most of the time spent here: the parser compiles its schema of OpenAPI).
 * @throws OpenApiDocumentError when the document is invalid or not OpenAPI 3.0/3.1.
 */
export async function loadDocument(
  source: string | OpenApiDocument,
  fetcher: typeof fetch = fetch,
  check = true,
): Promise<LoadedDocument> {
  const url = typeof source === 'string' ? asUrl(source) : undefined;
  // bundle() reads the file once and pulls external $refs in; validate and dereference then work on
  // copies of that, so nothing is read twice and the caller's object stays as it was.
  let bundled: OpenApiDocument;
  try {
    const input = url === undefined ? source : await fetchDocument(url, fetcher);
    bundled = (await bundle(typeof input === 'string' ? input : (structuredClone(input) as never))) as never;
  } catch (error) {
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
  if (check) {
    const result = await validate(structuredClone(bundled) as never);
    if (!result.valid) throw new OpenApiDocumentError(compileErrors(result));
  }
  const document = (await dereference(bundled as never)) as OpenApiDocument;
  return url === undefined ? { document, version } : { document, version, url };
}

/**
 * A JSON document at `url`, fetched here: the parser refuses loopback and private addresses (a guard
 * against `$ref`s that reach inside a network), but the document itself is the one the developer named.
 * Anything but JSON (YAML) is left to the parser, by URL.
 */
async function fetchDocument(url: URL, fetcher: typeof fetch): Promise<string | OpenApiDocument> {
  const response = await fetcher(url, { headers: { accept: 'application/json, application/yaml;q=0.9, */*;q=0.5' } });
  if (!response.ok) throw new Error(`GET ${url} answered HTTP ${response.status}`);
  const body = await response.text();
  try {
    return JSON.parse(body) as OpenApiDocument;
  } catch {
    return url.toString();
  }
}
