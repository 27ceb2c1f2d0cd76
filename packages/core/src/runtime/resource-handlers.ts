import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type RequestContext,
  type ResourceDefinition,
  type ResourcesProvider,
  type ResourceTemplateDefinition,
} from '@decorum/protocol';
import { DecorumStartupError, ResourceDeclarationError } from '../errors.js';
import { readScopes } from '../metadata/store.js';
import type { ResourceEntry, TemplateEntry } from '../scanner/manifest.js';
import { UriTemplateRouter } from '../uri/uri-template-router.js';
import { type CompileDeps, type Compiled, compile, type KindPolicy } from './compile.js';
import { Context } from './context.js';
import { resourceDefinition, templateDefinition } from './definitions.js';
import { instanceOf } from './invoke.js';
import { allows, demand, ScopeFilter } from './scopes.js';
import { coveredScopes } from './subscription-scopes.js';
import { echoed, unknownName } from './suggest.js';

interface CompiledTemplate {
  entry: TemplateEntry;
  read: Compiled<ReadResourceResult>;
}

type Listed = string | (Partial<ResourceDefinition> & { uri: string });

/** The policies resources and templates are compiled with. */
export interface ResourcePolicies {
  resource: KindPolicy<ResourceEntry, ReadResourceResult>;
  template: KindPolicy<TemplateEntry, ReadResourceResult>;
}

/**
 * The resources of an app as an engine provider: fixed URIs first, then the URI-template router
 * (most specific template first). An unknown URI answers "Resource not found" (-32002).
 */
export function buildResourcesProvider(
  resources: readonly ResourceEntry[],
  templates: readonly TemplateEntry[],
  policies: ResourcePolicies,
  deps: CompileDeps,
): ResourcesProvider {
  const byUri = new Map(
    resources.map((entry) => [entry.uri, { entry, read: compile(entry, policies.resource, deps) }]),
  );
  const router = new UriTemplateRouter<CompiledTemplate>();
  for (const entry of templates) {
    let variables: readonly string[];
    try {
      variables = router.add(entry.uriTemplate, { entry, read: compile(entry, policies.template, deps) }).variableNames;
    } catch (error) {
      // A startup error of the template's DTO (an unsafe pattern …) already says what to fix.
      if (error instanceof DecorumStartupError) throw error;
      throw new ResourceDeclarationError(`${entry.where}: ${(error as Error).message}`);
    }
    for (const p of entry.params) {
      if (p.kind === 'param' && !variables.includes(p.name)) {
        throw new ResourceDeclarationError(
          `${entry.where}: @Param('${p.name}') is not a variable of "${entry.uriTemplate}" (it has: ${variables.join(', ') || 'none'})`,
        );
      }
    }
  }
  const listed: ResourceDefinition[] = resources.map(resourceDefinition);
  const templateList: ResourceTemplateDefinition[] = templates.map(templateDefinition);
  const visibleResources = new ScopeFilter<ResourceDefinition>(resources.map((e) => readScopes(e.provider, e.method)));
  const visibleTemplates = new ScopeFilter<ResourceTemplateDefinition>(
    templates.map((e) => readScopes(e.provider, e.method)),
  );
  const listers = templates
    .filter((t) => t.options.list !== undefined)
    .map((entry) => ({
      entry,
      required: readScopes(entry.provider, entry.method),
      instance: instanceOf(entry.provider, deps.container),
    }));
  for (const { entry: t } of listers) {
    if (typeof (t.provider.prototype as Record<string, unknown>)[t.options.list as string] !== 'function') {
      throw new ResourceDeclarationError(
        `${t.where}: { list: '${t.options.list}' } names no method of ${t.provider.name}`,
      );
    }
  }

  async function listInstances(
    { entry, instance: instanceOfProvider }: (typeof listers)[number],
    request: RequestContext,
  ): Promise<ResourceDefinition[]> {
    const instance = instanceOfProvider() as Record<string, (ctx: Context) => unknown>;
    const lister = instance[entry.options.list as string];
    if (typeof lister !== 'function') {
      throw new ResourceDeclarationError(
        `${entry.where}: list method "${entry.options.list}" does not exist on ${entry.provider.name}`,
      );
    }
    const items = (await lister.call(
      instance,
      new Context(request, deps.services, deps.notifyResourceUpdated),
    )) as Listed[];
    return items.map((item) => {
      const base = templateDefinition(entry);
      const { uriTemplate: _t, ...rest } = base;
      return typeof item === 'string' ? { ...rest, uri: item } : { ...rest, ...item };
    });
  }

  return {
    subscribe: true,
    async list(request) {
      const fixed = visibleResources.filter(listed, request.authInfo);
      if (listers.length === 0) return fixed;
      // A template the caller may not read is not asked for its instances either.
      const allowed = listers.filter((t) => allows(request.authInfo, t.required));
      const dynamic = await Promise.all(allowed.map((t) => listInstances(t, request)));
      return [...fixed, ...dynamic.flat()];
    },
    templates: (request) => visibleTemplates.filter(templateList, request.authInfo),
    authorizeSubscribe(uri, request) {
      // The scopes of what would serve `uri`; a URI nothing serves (yet) may still be subscribed to.
      const entry = byUri.get(uri)?.entry ?? router.match(uri)?.value.entry;
      if (entry !== undefined) {
        demand(request.authInfo, readScopes(entry.provider, entry.method), `resource ${uri}`);
        return;
      }
      // A prefix (`vault:`) is granted only when the caller may read something it covers: a listen
      // acknowledges only what the caller can hear.
      const under = coveredScopes(uri, resources, templates);
      if (under.length > 0 && !under.some((scopes) => allows(request.authInfo, scopes))) {
        demand(request.authInfo, under[0], `resources under ${uri}`);
      }
    },
    async read({ uri }, request) {
      const fixed = byUri.get(uri);
      if (fixed !== undefined) return fixed.read({ args: {}, request, uri });
      const match = router.match(uri);
      if (match !== undefined) return match.value.read({ args: {}, request, variables: match.params, uri });
      // Only URIs the caller may see are suggested.
      const known = visibleResources.filter(listed, request.authInfo).map((r) => r.uri);
      throw new McpError(ErrorCode.ResourceNotFound, unknownName('Resource not found', uri, known), {
        uri: echoed(uri),
      });
    },
  };
}
