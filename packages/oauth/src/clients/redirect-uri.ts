// Redirect URI rules: what a client may register, and how a request's redirect_uri is matched.

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether `url` is an http URL on the loopback interface (a native app's local callback). */
export function isLoopbackRedirect(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Why a redirect URI may not be registered, or undefined when it may: absolute, no fragment, and `https`, or
 * `http` on a loopback host (MCP authorization, "All redirect URIs MUST be either localhost or use HTTPS"),
 * or a private-use scheme named after a domain (`com.example.app:/cb`, RFC 8252 §7.1).
 */
export function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'is not an absolute URI';
  }
  if (url.hash !== '' || uri.includes('#')) return 'has a fragment';
  if (url.username !== '' || url.password !== '') return 'carries credentials';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') return isLoopbackRedirect(url) ? undefined : 'uses http on a host other than localhost';
  if (/^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/.test(url.protocol)) return undefined;
  return `uses the scheme "${url.protocol}", which is not https, loopback http or a reverse-domain scheme`;
}

/**
 * Whether a request's `redirect_uri` matches one of the registered ones: exactly, character for character,
 * except that a loopback http URI may name any port (RFC 8252 §7.3: the app picks a free port at run time).
 * Nothing else is normalised: no prefix, case or trailing-slash tolerance (each one has been an open redirect).
 */
export function matchRedirectUri(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (!isLoopbackRedirect(url)) return false;
  return registered.some((candidate) => {
    let reg: URL;
    try {
      reg = new URL(candidate);
    } catch {
      return false;
    }
    if (!isLoopbackRedirect(reg) || reg.hostname !== url.hostname) return false;
    // Compare everything but the port, on the strings as sent (so no normalisation sneaks in).
    const withoutPort = (u: URL, raw: string) => raw.replace(`${u.hostname}:${u.port}`, u.hostname);
    return withoutPort(reg, candidate) === withoutPort(url, requested);
  });
}
