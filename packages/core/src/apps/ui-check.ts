// Startup checks of MCP Apps declarations. Each error names the member at fault and the fix; they
// run on the manifest, before anything is compiled or swapped in.
import type { Manifest, ResourceEntry } from '../scanner/manifest.js';
import { UiDeclarationError } from './ui-errors.js';
import { UI_MIME_TYPE, UI_PERMISSIONS, type UiCsp } from './ui-types.js';

const UI_SCHEME = 'ui://';
const CSP_KEYS: readonly (keyof UiCsp)[] = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];
// scheme://host[:port], the host possibly starting with one `*.` label (what CSP source lists accept
// and what the extension documents); no path, query, quotes, spaces or separators.
const ORIGIN = /^(https?|wss?):\/\/(\*\.)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)(:\d{1,5})?$/;

/** The UI resources of a manifest (those `@UiResource` declared), by URI. */
export function uiResources(manifest: Manifest): Map<string, ResourceEntry> {
  return new Map(manifest.resources.filter((r) => r.options.ui !== undefined).map((r) => [r.uri, r]));
}

function originHint(entry: string): string {
  try {
    const url = new URL(entry);
    if (url.origin !== 'null' && url.origin !== entry) return ` Use the origin only: "${url.origin}".`;
  } catch {
    // not a URL at all: the generic advice below
  }
  return ' Write it as scheme://host[:port], e.g. "https://api.example.com" or "https://*.example.com".';
}

function checkCsp(resource: ResourceEntry): void {
  const csp = resource.options.ui?.csp;
  if (csp === undefined) return;
  for (const [key, list] of Object.entries(csp)) {
    if (!CSP_KEYS.includes(key as keyof UiCsp)) {
      throw new UiDeclarationError(
        `${resource.where}: unknown CSP key "${key}" on @UiResource('${resource.uri}'); use ${CSP_KEYS.join(', ')}.`,
      );
    }
    if (!Array.isArray(list)) {
      throw new UiDeclarationError(`${resource.where}: csp.${key} must be an array of origins.`);
    }
    for (const entry of list) {
      if (typeof entry !== 'string' || !ORIGIN.test(entry)) {
        throw new UiDeclarationError(
          `${resource.where}: csp.${key} entry ${JSON.stringify(entry)} of @UiResource('${resource.uri}') is not an origin.${originHint(String(entry))}`,
        );
      }
    }
  }
}

function checkResource(resource: ResourceEntry): void {
  if (!resource.uri.startsWith(UI_SCHEME)) {
    const path = resource.uri.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/*/, '');
    throw new UiDeclarationError(
      `${resource.where}: @UiResource('${resource.uri}') must use the ui:// scheme (MCP Apps views are ui:// resources); use 'ui://${path || 'app/view.html'}'.`,
    );
  }
  if (resource.options.mimeType !== UI_MIME_TYPE) {
    throw new UiDeclarationError(`${resource.where}: a UI resource is served as ${UI_MIME_TYPE}; remove its mimeType.`);
  }
  checkCsp(resource);
  const permissions = resource.options.ui?.permissions;
  if (permissions !== undefined) {
    const names = Array.isArray(permissions) ? permissions : Object.keys(permissions);
    const unknown = names.find((p) => !(UI_PERMISSIONS as readonly string[]).includes(p));
    if (unknown !== undefined) {
      throw new UiDeclarationError(
        `${resource.where}: unknown permission "${unknown}" on @UiResource('${resource.uri}'); use ${UI_PERMISSIONS.join(', ')}.`,
      );
    }
  }
}

/**
 * Checks every `@UiResource` and every `@Tool({ ui, visibility })` of a manifest.
 * @throws UiDeclarationError naming the member and the fix.
 */
export function checkUiDeclarations(manifest: Manifest): void {
  const views = uiResources(manifest);
  for (const resource of views.values()) checkResource(resource);
  for (const tool of manifest.tools) {
    const { ui, visibility } = tool.options;
    if (visibility !== undefined) {
      const bad = !Array.isArray(visibility) || visibility.length === 0;
      const unknown = bad ? undefined : visibility.find((v) => v !== 'model' && v !== 'app');
      if (bad || unknown !== undefined) {
        throw new UiDeclarationError(
          `${tool.where}: visibility of tool "${tool.name}" must list 'model' and/or 'app'${unknown === undefined ? '' : ` (got "${unknown}")`}; e.g. visibility: ['app'] for a tool only its view calls.`,
        );
      }
    }
    if (ui === undefined) continue;
    if (typeof ui !== 'string' || !ui.startsWith(UI_SCHEME)) {
      throw new UiDeclarationError(
        `${tool.where}: tool "${tool.name}" has ui: ${JSON.stringify(ui)}, but a view is a ui:// resource; give the URI of a @UiResource, e.g. ui: 'ui://${tool.name}/view.html'.`,
      );
    }
    if (!views.has(ui)) {
      const known = [...views.keys()];
      const fix =
        known.length > 0
          ? `declare it with @UiResource('${ui}') or use one of: ${known.join(', ')}`
          : `declare it: @UiResource('${ui}') on a method returning the view's HTML (in a provider of this app)`;
      throw new UiDeclarationError(
        `${tool.where}: tool "${tool.name}" shows ${ui}, which no @UiResource declares; ${fix}.`,
      );
    }
  }
}
