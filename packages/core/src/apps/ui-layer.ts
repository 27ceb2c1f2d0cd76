// What McpApp asks of MCP Apps for one build: the checks, the provider layers, and the extension
// settings to advertise (none when the app declares no view, so plain apps advertise nothing).
import type { JsonObject, ResourcesProvider, ToolsProvider } from '@decorum/protocol';
import type { Manifest } from '../scanner/manifest.js';
import { checkUiDeclarations, uiResources } from './ui-check.js';
import { uiResourcesProvider, uiToolsProvider } from './ui-providers.js';

/** MCP Apps for one manifest. */
export interface UiLayer {
  /** The `capabilities.extensions['io.modelcontextprotocol/ui']` settings, or undefined without views. */
  readonly extension: JsonObject | undefined;
  tools(inner: ToolsProvider): ToolsProvider;
  resources(inner: ResourcesProvider): ResourcesProvider;
}

/**
 * Checks the manifest's MCP Apps declarations and returns the layers for its providers (identity
 * layers when the app uses no UI at all, so nothing changes for plain apps).
 * @throws UiDeclarationError when a declaration cannot work.
 */
export function uiLayer(manifest: Manifest): UiLayer {
  checkUiDeclarations(manifest);
  const used = uiResources(manifest).size > 0 || manifest.tools.some((t) => t.options.visibility !== undefined);
  if (!used) return { extension: undefined, tools: (inner) => inner, resources: (inner) => inner };
  return {
    extension: {},
    tools: (inner) => uiToolsProvider(inner, manifest),
    resources: (inner) => uiResourcesProvider(inner, manifest),
  };
}
