// The `_meta.ui` objects the extension defines, built from what @Tool and @UiResource recorded.
// Only fields that were given are written: a tool without `ui`/`visibility` gets no `_meta.ui`.
import type { JsonObject } from '@decorum/protocol';
import type { ResourceOptions, ToolOptions } from '../metadata/types.js';
import { UI_RESOURCE_URI_META_KEY, type UiPermission, type UiResourceMeta } from './ui-types.js';

/** The `_meta` of a tool with its `ui` fields merged in (the user's own `_meta` keys are kept). */
export function toolMetaWithUi(options: ToolOptions): JsonObject | undefined {
  if (options.ui === undefined && options.visibility === undefined) return options._meta;
  const ui: JsonObject = { ...((options._meta?.ui as JsonObject | undefined) ?? {}) };
  if (options.ui !== undefined) ui.resourceUri = options.ui;
  if (options.visibility !== undefined) ui.visibility = [...options.visibility];
  const meta: JsonObject = { ...options._meta, ui };
  // Hosts that predate the nested form read the flat key; the official server helper sends both.
  if (options.ui !== undefined) meta[UI_RESOURCE_URI_META_KEY] = options.ui;
  return meta;
}

/** The `_meta.ui` of a UI resource, or undefined when it declares nothing. */
export function resourceUiMeta(options: ResourceOptions): UiResourceMeta | undefined {
  const declared = options.ui;
  if (declared === undefined) return undefined;
  const meta: UiResourceMeta = {};
  if (declared.csp !== undefined) {
    const csp: NonNullable<UiResourceMeta['csp']> = {};
    for (const [key, list] of Object.entries(declared.csp))
      if (list !== undefined) csp[key as 'connectDomains'] = [...list];
    meta.csp = csp;
  }
  if (declared.permissions !== undefined) {
    meta.permissions = Array.isArray(declared.permissions)
      ? Object.fromEntries(declared.permissions.map((p: UiPermission) => [p, {}]))
      : { ...declared.permissions };
  }
  if (declared.domain !== undefined) meta.domain = declared.domain;
  if (declared.prefersBorder !== undefined) meta.prefersBorder = declared.prefersBorder;
  return Object.keys(meta).length > 0 ? meta : undefined;
}

/** The `_meta` of a UI resource's list entry and read contents, with `ui` merged in. */
export function resourceMetaWithUi(options: ResourceOptions): JsonObject | undefined {
  const ui = resourceUiMeta(options);
  if (ui === undefined) return options._meta;
  return { ...options._meta, ui: ui as JsonObject };
}

/** True for a tool the model must not see (its visibility leaves out `'model'`). */
export function isAppOnly(options: ToolOptions): boolean {
  return options.visibility !== undefined && !options.visibility.includes('model');
}
