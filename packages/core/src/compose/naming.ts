// How a mounted server's names and URIs are shown under its prefix, and read back. Names take
// `prefix_name`; URIs keep their scheme and gain the prefix as the first path segment
// (`demo://resource/1` → `demo://gh/resource/1`), so they stay valid URIs and templates stay templates.

const SCHEMED = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(.*)$/s;

/** The names and URIs of one mount. */
export class MountNaming {
  constructor(
    readonly prefix: string,
    private readonly separator = '_',
  ) {}

  /** True for the empty prefix: names and URIs are served as the mounted server has them (a proxy). */
  get none(): boolean {
    return this.prefix === '';
  }

  /** `search` → `gh_search`. */
  name(name: string): string {
    return this.none ? name : `${this.prefix}${this.separator}${name}`;
  }

  /** The upstream name behind a shown one, or undefined when it is not this mount's. */
  unname(shown: string): string | undefined {
    if (this.none) return shown;
    const head = `${this.prefix}${this.separator}`;
    return shown.startsWith(head) && shown.length > head.length ? shown.slice(head.length) : undefined;
  }

  /** `demo://resource/1` → `demo://gh/resource/1`; a URI without `//` gets `prefix+` before its scheme. */
  uri(uri: string): string {
    if (this.none) return uri;
    const match = SCHEMED.exec(uri);
    if (match === null) return `${this.prefix}+${uri}`;
    return `${match[1]}://${this.prefix}/${match[2]}`;
  }

  /** The upstream URI behind a shown one, or undefined when it is not this mount's. */
  unuri(shown: string): string | undefined {
    if (this.none) return shown;
    const match = SCHEMED.exec(shown);
    if (match !== null) {
      const rest = match[2] as string;
      const head = `${this.prefix}/`;
      return rest.startsWith(head) ? `${match[1]}://${rest.slice(head.length)}` : undefined;
    }
    const head = `${this.prefix}+`;
    return shown.startsWith(head) ? shown.slice(head.length) : undefined;
  }
}

/**
 * Prefixes are tool-name fragments: letters, digits, `-`, `.`; no separator, so names split back
 * unambiguously. The empty prefix serves the mounted server's names unchanged.
 */
export const PREFIX_PATTERN = /^(?:[A-Za-z0-9][A-Za-z0-9.-]{0,63})?$/;
