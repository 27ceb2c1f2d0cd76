// The MCP Apps extension (io.modelcontextprotocol/ui, SEP-1865) as Decorum declares it: the wire
// names and the option types of @UiResource and of @Tool({ ui, visibility }).
import type { JsonObject } from '@decorum/protocol';

/** The extension identifier, the key under `capabilities.extensions` on both sides. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The mime type of an MCP App's HTML (the only one the extension defines). */
export const UI_MIME_TYPE = 'text/html;profile=mcp-app';

/** The flat `_meta` key older hosts read a tool's UI from (deprecated by the extension, still sent). */
export const UI_RESOURCE_URI_META_KEY = 'ui/resourceUri';

/** Who may use a tool: `'model'` (the agent) and/or `'app'` (views of this server). */
export type UiVisibility = 'model' | 'app';

/**
 * The origins a view may reach (the host turns them into its iframe's Content Security Policy).
 * Each entry is an origin such as `https://api.example.com` or `https://*.example.com`.
 */
export interface UiCsp {
  /** fetch/XHR/WebSocket targets (CSP `connect-src`). */
  connectDomains?: string[];
  /** Scripts, styles, images, fonts, media (CSP `img-src`, `script-src`, …). */
  resourceDomains?: string[];
  /** Nested iframes (CSP `frame-src`). */
  frameDomains?: string[];
  /** Allowed document base URIs (CSP `base-uri`). */
  baseUriDomains?: string[];
}

/** A browser capability a view asks for (the host may grant it through the iframe's `allow`). */
export type UiPermission = 'camera' | 'microphone' | 'geolocation' | 'clipboardWrite';

/** `_meta.ui` of a UI resource, as the extension defines it. */
export interface UiResourceMeta {
  csp?: UiCsp;
  permissions?: Partial<Record<UiPermission, JsonObject>>;
  domain?: string;
  prefersBorder?: boolean;
}

/** `_meta.ui` of a tool, as the extension defines it. */
export interface UiToolMeta {
  resourceUri?: string;
  visibility?: UiVisibility[];
}

/** The permission names the extension knows. */
export const UI_PERMISSIONS: readonly UiPermission[] = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/** What `@UiResource` records about a view, besides the usual resource options. */
export interface UiResourceDeclaration {
  /** The origins the view may load from and connect to. Omitted: none (the host's restrictive default). */
  csp?: UiCsp;
  /** Browser capabilities the view asks for, e.g. `['clipboardWrite']`. */
  permissions?: UiPermission[] | Partial<Record<UiPermission, JsonObject>>;
  /** A dedicated sandbox origin; its format is the host's (see the host's documentation). */
  domain?: string;
  /** Whether the host should draw a border and background around the view. */
  prefersBorder?: boolean;
}
