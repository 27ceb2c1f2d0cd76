// MCP Apps at run time, as a layer over the app's tools and resources providers. The extension puts
// the filtering of app-only tools on the host, so a host that negotiated it gets every tool with its
// `_meta.ui`; a host without it would hand app-only tools to its model and show `_meta.ui` to
// nobody, so it gets the plain MCP view: app-only tools and ui:// views left out, `_meta.ui` dropped.
import {
  ErrorCode,
  type JsonObject,
  McpError,
  type RequestContext,
  type ResourceDefinition,
  type ResourcesProvider,
  type ToolDefinition,
  type ToolsProvider,
  versionAtLeast,
} from '@decorum/protocol';
import type { Manifest } from '../scanner/manifest.js';
import { isAppOnly, resourceUiMeta } from './ui-meta.js';
import { UI_EXTENSION_ID, UI_MIME_TYPE, UI_RESOURCE_URI_META_KEY } from './ui-types.js';

/**
 * Whether the client of this request negotiated MCP Apps with HTML views (per session, or per request
 * in 2026-07-28), in any revision: the engine carries `_meta.ui` and `structuredContent` to a client that
 * negotiated the extension even where the revision predates them. A legacy request on a connection that
 * never initialized (stateless HTTP) carries no capabilities at all: from 2025-06-18 it gets what the
 * extension itself specifies (every tool with its `_meta.ui`, hosts filter), since hiding app-only tools
 * there would break the views of hosts that do render them; in an older revision nothing says it reads
 * the extension, so `_meta` is not sent and it is a plain client (no app-only tool it could not recognise).
 */
export function supportsUi(ctx: RequestContext): boolean {
  if (ctx.modern === undefined && ctx.clientInfo === undefined)
    return versionAtLeast(ctx.protocolVersion, '2025-06-18');
  const extensions = (ctx.clientCapabilities as { extensions?: Record<string, unknown> }).extensions;
  const settings = extensions?.[UI_EXTENSION_ID] as { mimeTypes?: unknown } | undefined;
  return Array.isArray(settings?.mimeTypes) && settings.mimeTypes.includes(UI_MIME_TYPE);
}

/** A cache of one derived array per source array, so the engine's per-list shaping cache keeps hitting. */
function derived<T>(derive: (items: readonly T[]) => T[]): (items: readonly T[]) => readonly T[] {
  const cache = new WeakMap<readonly T[], T[]>();
  return (items) => {
    let out = cache.get(items);
    if (out === undefined) {
      out = derive(items);
      cache.set(items, out);
    }
    return out;
  };
}

function withoutUiMeta(tool: ToolDefinition): ToolDefinition {
  if (tool._meta === undefined || (!('ui' in tool._meta) && !(UI_RESOURCE_URI_META_KEY in tool._meta))) return tool;
  const { ui: _ui, [UI_RESOURCE_URI_META_KEY]: _flat, ...rest } = tool._meta;
  const { _meta: _drop, ...plain } = tool;
  return Object.keys(rest).length > 0 ? { ...plain, _meta: rest } : plain;
}

/** The tools provider as hosts with and without MCP Apps see it. */
export function uiToolsProvider(inner: ToolsProvider, manifest: Manifest): ToolsProvider {
  const appOnly = new Set(manifest.tools.filter((t) => isAppOnly(t.options)).map((t) => t.name));
  const plain = derived<ToolDefinition>((tools) => tools.filter((t) => !appOnly.has(t.name)).map(withoutUiMeta));
  return {
    async list(ctx) {
      const tools = await inner.list(ctx);
      return supportsUi(ctx) ? tools : plain(tools);
    },
    call(params, ctx) {
      // Not listed for this client, so not callable by it either: the same answer as any unknown tool.
      if (appOnly.has(params.name) && !supportsUi(ctx)) {
        throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`, { name: params.name });
      }
      return inner.call(params, ctx);
    },
  };
}

/** The resources provider with UI views: `_meta.ui` on their contents, and left out of plain hosts' lists. */
export function uiResourcesProvider(inner: ResourcesProvider, manifest: Manifest): ResourcesProvider {
  const views = new Map(
    manifest.resources
      .filter((r) => r.options.ui !== undefined)
      .map((r) => [r.uri, resourceUiMeta(r.options) as JsonObject | undefined]),
  );
  const plain = derived<ResourceDefinition>((items) => items.filter((r) => !views.has(r.uri)));
  const provider: ResourcesProvider = {
    ...inner,
    async list(ctx) {
      const items = await inner.list(ctx);
      // The extension lets servers omit UI-only resources from resources/list; a plain host gains nothing from them.
      return supportsUi(ctx) ? items : plain(items);
    },
    async read(params, ctx) {
      const result = await inner.read(params, ctx);
      if (!views.has(params.uri)) return result;
      const ui = views.get(params.uri);
      // The content item's `_meta.ui` is what hosts read first; a view's own `_meta.ui` wins over the declared one.
      const contents = result.contents.map((item) => {
        const out: JsonObject = { ...item, mimeType: item.mimeType ?? UI_MIME_TYPE };
        const meta = (item._meta as JsonObject | undefined) ?? {};
        if (ui !== undefined && meta.ui === undefined) out._meta = { ...meta, ui };
        return out;
      });
      return { ...result, contents };
    },
  };
  return provider;
}
