// A tool's checked arguments as an HTTP request for its operation: path, query, header and cookie
// parameters serialised by their OpenAPI style, the body encoded by its content type, auth applied.
import type { BodySpec, OperationSpec, ParameterSpec, SecurityAlternative } from './operations.js';
import { BODY_KEY } from './operations.js';

type MaybePromise<T> = T | Promise<T>;

/**
 * A credential: the value itself, or a function called per tool call with the call's context — e.g. the caller's own
 * credential for this API, kept by your server: `(ctx) => upstream.tokenFor(ctx.auth?.subject)`. Never the token the
 * MCP client sent (its audience is your server; passing it on is forbidden). `undefined` sends nothing.
 */
export type Secret<C = unknown> = string | ((ctx: C) => MaybePromise<string | undefined>);

/**
 * Credentials for the operations' `security` requirements. For each call the first alternative of the
 * operation's requirement that these can satisfy is applied; an operation that needs none gets none.
 */
export interface OpenApiAuth<C = unknown> {
  /** For `http` `bearer` schemes, and `oauth2` / `openIdConnect` ones (an access token): `Authorization: Bearer …`. */
  bearer?: Secret<C>;
  /** For `apiKey` schemes (header, query or cookie, as the scheme says): one key for all, or keys by scheme name. */
  apiKey?: Secret<C> | Record<string, Secret<C> | undefined>;
  /** For `http` `basic` schemes. */
  basic?: { username: string; password: string };
}

/**
 * Arguments that cannot make a request to the operation's own URL (a path value that would change the path, a
 * header value HTTP cannot carry): the tool answers an `isError` result with this message.
 */
export class RequestPlanError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RequestPlanError';
  }
}

/**
 * Sets a header, or says which one cannot be sent (a control character, a non-Latin-1 character). The value is never
 * quoted: it may be a credential.
 */
export function setHeader(headers: Headers, name: string, value: string): void {
  try {
    headers.set(name, value);
  } catch {
    throw new RequestPlanError(`the value of the header "${name}" cannot be sent in an HTTP header`);
  }
}

/** Where the request goes and what it carries. */
export interface PlannedRequest {
  url: string;
  method: string;
  headers: Headers;
  body?: string;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const scalar = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The operation's URL, parameters and body for `args` (already validated against the tool's schema). */
export function planRequest(op: OperationSpec, baseUrl: string, args: Record<string, unknown>): PlannedRequest {
  let path = op.path;
  const query = new URLSearchParams();
  const headers = new Headers();
  const cookies: string[] = [];
  for (const p of op.parameters) {
    const value = args[p.key];
    // null for a nullable parameter: not sent (a query, header or path value has no null).
    if (value === undefined || value === null) continue;
    if (p.in === 'path') path = path.replaceAll(`{${p.name}}`, pathValue(p, value));
    else if (p.in === 'query') appendQuery(query, p, value);
    else if (p.in === 'header')
      setHeader(headers, p.name, p.json ? JSON.stringify(value) : simple(value, p.explode === true));
    else cookies.push(`${p.name}=${encodeURIComponent(p.json ? JSON.stringify(value) : simple(value, false))}`);
  }
  if (cookies.length > 0) headers.set('cookie', cookies.join('; '));
  const search = query.toString();
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}${path}${search === '' ? '' : `?${search}`}`;
  samePath(op, `${base}${path}`);
  const planned: PlannedRequest = { url, method: op.method.toUpperCase(), headers };
  const body = args[BODY_KEY];
  if (op.body !== undefined && body !== undefined) {
    planned.body = encodeBody(op.body, body);
    headers.set('content-type', op.body.contentType);
  }
  return planned;
}

/**
 * A path value may fill its segment, never move the request elsewhere: `.` and `..` (alone or as a dot segment of
 * a label or a list), or anything else URL parsing would normalise away, is refused before any request.
 */
function samePath(op: OperationSpec, target: string): void {
  const written = target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/';
  let parsed: string;
  try {
    parsed = new URL(target).pathname;
  } catch {
    throw new RequestPlanError(`the path parameters of ${op.method.toUpperCase()} ${op.path} do not make a valid URL`);
  }
  // Percent-encoding the parser adds (a non-ASCII template) is no change of target; a segment removed or moved is.
  if (parsed === written || decoded(parsed) === decoded(written)) return;
  const names = op.parameters.filter((p) => p.in === 'path').map((p) => `"${p.name}"`);
  throw new RequestPlanError(
    `a path parameter (${names.join(', ')}) of ${op.method.toUpperCase()} ${op.path} would change the request's path (\`.\` and \`..\` are not values)`,
  );
}

function decoded(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** `simple` style: arrays and objects as comma-separated lists. */
function simple(value: unknown, explode: boolean): string {
  if (Array.isArray(value)) return value.map(scalar).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${k}=${scalar(v)}` : `${k},${scalar(v)}`))
      .join(',');
  return scalar(value);
}

function pathValue(p: ParameterSpec, value: unknown): string {
  if (p.json) return encodeURIComponent(JSON.stringify(value));
  const explode = p.explode === true;
  const encode = (v: unknown) => encodeURIComponent(scalar(v));
  if (p.style === 'label') {
    const items = Array.isArray(value) ? value.map(encode) : [encode(value)];
    return `.${items.join(explode ? '.' : ',')}`;
  }
  if (p.style === 'matrix') {
    if (Array.isArray(value))
      return explode
        ? value.map((v) => `;${p.name}=${encode(v)}`).join('')
        : `;${p.name}=${value.map(encode).join(',')}`;
    return `;${p.name}=${encode(value)}`;
  }
  if (Array.isArray(value)) return value.map(encode).join(',');
  if (isObject(value))
    return Object.entries(value)
      .map(([k, v]) => (explode ? `${encodeURIComponent(k)}=${encode(v)}` : `${encodeURIComponent(k)},${encode(v)}`))
      .join(',');
  return encode(value);
}

function appendQuery(query: URLSearchParams, p: ParameterSpec, value: unknown): void {
  if (p.json) {
    query.append(p.name, JSON.stringify(value));
    return;
  }
  const style = p.style ?? 'form';
  // OpenAPI: `explode` defaults to true for form style, false for the others.
  const explode = p.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (explode && style === 'form') for (const item of value) query.append(p.name, scalar(item));
    else
      query.append(
        p.name,
        value.map(scalar).join(style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ','),
      );
    return;
  }
  if (isObject(value)) {
    if (style === 'deepObject') for (const [k, v] of Object.entries(value)) query.append(`${p.name}[${k}]`, scalar(v));
    else if (explode) for (const [k, v] of Object.entries(value)) query.append(k, scalar(v));
    else
      query.append(
        p.name,
        Object.entries(value)
          .flatMap(([k, v]) => [k, scalar(v)])
          .join(','),
      );
    return;
  }
  query.append(p.name, scalar(value));
}

function encodeBody(spec: BodySpec, body: unknown): string {
  if (spec.encoding === 'json') return JSON.stringify(body);
  if (spec.encoding === 'text') return String(body);
  const form = new URLSearchParams();
  if (isObject(body)) for (const [k, v] of Object.entries(body)) form.append(k, scalar(v));
  return form.toString();
}

/**
 * Applies the first alternative of `security` that `auth` can satisfy (all its schemes), reading
 * each secret for this call. Returns whether one was applied (or none was needed).
 */
export async function applyAuth<C>(
  security: readonly SecurityAlternative[],
  auth: OpenApiAuth<C>,
  request: PlannedRequest,
  ctx: C,
): Promise<boolean> {
  if (security.length === 0 || security.some((alternative) => alternative.length === 0)) return true;
  for (const alternative of security) {
    if (!alternative.every(({ name, scheme }) => secretFor(auth, name, scheme) !== undefined)) continue;
    for (const { name, scheme } of alternative) {
      const secret = secretFor(auth, name, scheme) as Secret<C> | { username: string; password: string };
      if (typeof secret === 'object') {
        request.headers.set('authorization', `Basic ${btoa(`${secret.username}:${secret.password}`)}`);
        continue;
      }
      const value = typeof secret === 'function' ? await secret(ctx) : secret;
      if (value === undefined) continue;
      if (scheme.type === 'apiKey') placeApiKey(request, scheme, value);
      else setHeader(request.headers, 'authorization', `Bearer ${value}`);
    }
    return true;
  }
  return false;
}

function secretFor<C>(auth: OpenApiAuth<C>, name: string, scheme: Record<string, unknown>) {
  const type = scheme.type;
  const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
  if (type === 'http' && httpScheme === 'basic') return auth.basic;
  if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') return auth.bearer;
  if (type !== 'apiKey' || auth.apiKey === undefined) return undefined;
  if (typeof auth.apiKey === 'string' || typeof auth.apiKey === 'function') return auth.apiKey;
  return auth.apiKey[name];
}

function placeApiKey(request: PlannedRequest, scheme: Record<string, unknown>, value: string): void {
  const name = String(scheme.name);
  if (scheme.in === 'header') setHeader(request.headers, name, value);
  else if (scheme.in === 'cookie') {
    const previous = request.headers.get('cookie');
    const cookie = `${name}=${encodeURIComponent(value)}`;
    request.headers.set('cookie', previous === null ? cookie : `${previous}; ${cookie}`);
  } else {
    const url = new URL(request.url);
    url.searchParams.append(name, value);
    request.url = url.toString();
  }
}
