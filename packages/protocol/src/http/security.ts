import { ErrorCode } from '../jsonrpc/errors.js';
import type { HeaderReader, PlainReply } from './http-input.js';
import { errorReply } from './responses.js';

/** DNS-rebinding protection: which Host and Origin values an endpoint accepts. */
export interface OriginPolicy {
  /** On by default. Turn off only behind a proxy that checks Host and Origin itself. */
  enabled?: boolean;
  /**
   * Accepted Host header values: a hostname (any port) or `hostname:port`. Default: the loopback
   * names, which is right for the default bind address 127.0.0.1. Add your public hostname when
   * you bind elsewhere.
   */
  allowedHosts?: string[];
  /** Accepted Origin values (`scheme://host[:port]`) or bare hostnames (any scheme and port). Default: loopback. */
  allowedOrigins?: string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Splits `host[:port]` (IPv6 in brackets) into its parts. */
function splitHost(value: string): { hostname: string; port?: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  return match ? { hostname: match[1] as string, port: match[2] } : { hostname: '' };
}

type HostRule = { hostname: string; port?: string };
/** An allowlist parsed once, and the verdicts on the Host values it has seen (a client sends the same one each time). */
interface ParsedList {
  rules: readonly HostRule[];
  verdicts: Map<string, boolean>;
}
// Bounded: Host values are the client's to choose, so past this many distinct ones they are judged afresh each time.
const MAX_VERDICTS = 256;
// The allowlists parsed once per list (a policy's arrays live as long as its endpoint), not per request.
const parsedLists = new WeakMap<readonly string[], ParsedList>();

function parsedList(allowed: readonly string[]): ParsedList {
  let parsed = parsedLists.get(allowed);
  if (parsed === undefined) {
    parsed = { rules: allowed.map(splitHost), verdicts: new Map() };
    parsedLists.set(allowed, parsed);
  }
  return parsed;
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const list = parsedList(allowed);
  const known = list.verdicts.get(host);
  if (known !== undefined) return known;
  const { hostname, port } = splitHost(host);
  const verdict = list.rules.some(
    (rule) => rule.hostname === hostname && (rule.port === undefined || rule.port === port),
  );
  if (list.verdicts.size < MAX_VERDICTS) list.verdicts.set(host, verdict);
  return verdict;
}

function originAllowed(origin: string, allowed: string[]): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // includes the opaque "null" origin
  }
  return allowed.some((entry) => {
    if (entry.includes('://')) return entry.toLowerCase().replace(/\/$/, '') === url.origin;
    return hostAllowed(url.host, [entry]);
  });
}

/**
 * Checks Host and Origin against the policy; returns the 403 to send, or undefined when the
 * request may go on. A request without Origin (a non-browser client) passes the Origin check.
 */
export function checkOrigin(request: Request, policy: OriginPolicy = {}): Response | undefined {
  const refused = originRefusal(request, policy);
  return refused && new Response(refused.body, { status: refused.status, headers: refused.headers });
}

/** {@link checkOrigin} on any request with a URL and headers; the refusal as a plain reply. */
export function originRefusal(
  request: { url: string; headers: HeaderReader },
  policy: OriginPolicy = {},
): PlainReply | undefined {
  if (policy.enabled === false) return undefined;
  const hosts = policy.allowedHosts ?? LOOPBACK;
  const host = request.headers.get('host') ?? new URL(request.url).host;
  if (!hostAllowed(host, hosts)) {
    return errorReply(403, ErrorCode.InvalidRequest, `Forbidden: Host "${host}" is not allowed`);
  }
  const origin = request.headers.get('origin');
  if (origin !== null && !originAllowed(origin, policy.allowedOrigins ?? hosts)) {
    return errorReply(403, ErrorCode.InvalidRequest, `Forbidden: Origin "${origin}" is not allowed`);
  }
  return undefined;
}
