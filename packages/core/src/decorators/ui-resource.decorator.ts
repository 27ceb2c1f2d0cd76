import { UI_MIME_TYPE, type UiResourceDeclaration } from '../apps/ui-types.js';
import { recordMember } from '../metadata/store.js';
import type { ResourceOptions } from '../metadata/types.js';

/** Options of `@UiResource`: those of `@Resource` (less the mime type, which is the extension's) and the view's `_meta.ui`. */
export interface UiResourceOptions extends Omit<ResourceOptions, 'mimeType' | 'ui'>, UiResourceDeclaration {}

/**
 * Marks a method as the HTML of an MCP App view (`io.modelcontextprotocol/ui`): a `ui://` resource
 * served as `text/html;profile=mcp-app`, with its CSP, permissions, domain and border preference
 * as `_meta.ui`. A tool shows it with `@Tool({ ui: '<the same URI>' })`. The method returns the
 * HTML (usually the one file `decorum build` bundles from the view's sources).
 * @example
 * @UiResource('ui://weather/forecast.html', { title: 'Forecast', prefersBorder: true,
 *   csp: { connectDomains: ['https://api.open-meteo.com'] } })
 * forecastView() { return readFile(new URL('../dist/ui/forecast.html', import.meta.url), 'utf8'); }
 */
export function UiResource(uri: string, options: UiResourceOptions = {}): MethodDecorator {
  const { csp, permissions, domain, prefersBorder, ...resource } = options;
  const ui: UiResourceDeclaration = { csp, permissions, domain, prefersBorder };
  return (target, key) => {
    recordMember(target.constructor, {
      kind: 'resource',
      method: String(key),
      uri,
      options: { ...resource, mimeType: UI_MIME_TYPE, ui },
    });
  };
}
