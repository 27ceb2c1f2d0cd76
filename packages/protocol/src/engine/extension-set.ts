// The extensions mounted on one server, read by the router: capabilities merged, methods looked up,
// wrappers run around base methods' calls. Knows the seam (extension.ts), no extension in particular.
import type { JsonRpcRequest } from '../jsonrpc/types.js';
import type { MessageInfo } from '../transports/transport.js';
import type { Cancellation } from './cancellation.js';
import type { LegacyState, RequestChannel } from './channel.js';
import type { RequestContext } from './context.js';
import type { CallWrapper, ExtensionMethod, ListenContribution, ServerExtension, WrappedCall } from './extension.js';
import type { MaybePromise } from './maybe-promise.js';
import type { MethodHandler, MethodScope } from './server-methods.js';
import type { JsonObject, ServerCapabilities } from './types.js';

/** The extensions of one server, in mounting order (the first mounted wraps outermost). */
export class ExtensionSet {
  private mounted: readonly ServerExtension[] = [];
  // Wrappers by method name, rebuilt on (un)mount: a method nobody wraps costs one failed lookup per call.
  private wrappers = new Map<string, readonly CallWrapper[]>();

  constructor(extensions: readonly ServerExtension[] = []) {
    for (const extension of extensions) this.mount(extension);
  }

  /** Mounts `extension`, replacing one with the same id. */
  mount(extension: ServerExtension): void {
    const index = this.mounted.findIndex((e) => e.id === extension.id);
    this.mounted =
      index === -1 ? [...this.mounted, extension] : this.mounted.map((e, i) => (i === index ? extension : e));
    this.index();
  }

  /** Unmounts the extension `id` (nothing when none is mounted). */
  unmount(id: string): void {
    this.mounted = this.mounted.filter((e) => e.id !== id);
    this.index();
  }

  private index(): void {
    const wrappers = new Map<string, CallWrapper[]>();
    for (const extension of this.mounted) {
      for (const [method, wrapper] of Object.entries(extension.wrappers ?? {})) {
        wrappers.set(method, [...(wrappers.get(method) ?? []), wrapper]);
      }
    }
    this.wrappers = wrappers;
  }

  /** Adds the extensions' capabilities to `caps` (their `extensions` entries merged, the rest where absent). */
  addCapabilities(caps: ServerCapabilities, version: string, identified: boolean): void {
    for (const extension of this.mounted) {
      const more = extension.capabilities?.(version, identified);
      if (more === undefined) continue;
      const { extensions, ...rest } = more;
      if (extensions !== undefined) caps.extensions = { ...caps.extensions, ...extensions };
      for (const [key, value] of Object.entries(rest)) if (caps[key] === undefined) caps[key] = value;
    }
  }

  /** An extension's method called `name` in `version`, the first mounted winning. */
  method(name: string, version: string): ExtensionMethod | undefined {
    for (const extension of this.mounted) {
      const method = extension.method?.(name, version);
      if (method !== undefined) return method;
    }
    return undefined;
  }

  /**
   * The first wrapper that applies to one call of a base method, or -1 when none does (or none is mounted): the
   * router then runs the method itself, and nothing else is built.
   */
  applying(request: JsonRpcRequest, ctx: RequestContext, scope: MethodScope): number {
    const wrappers = this.wrappers.get(request.method);
    return wrappers === undefined ? -1 : nextApplying(wrappers, 0, request.params ?? {}, ctx, scope);
  }

  /**
   * Runs one call of a base method through the wrappers that apply to it, from `first` (what {@link applying}
   * gave). `state`: the legacy connection (undefined for a modern request).
   */
  call(
    first: number,
    handler: MethodHandler,
    request: JsonRpcRequest,
    ctx: RequestContext,
    scope: MethodScope,
    channel: RequestChannel,
    cancellation: Cancellation,
    info: MessageInfo | undefined,
    state: LegacyState | undefined,
  ): MaybePromise<JsonObject> {
    const wrappers = this.wrappers.get(request.method) as readonly CallWrapper[];
    const site: CallSite = { handler, scope, channel, cancellation, info, state };
    return (wrappers[first] as CallWrapper).around(new Call(wrappers, first, request, request.params ?? {}, ctx, site));
  }

  /** What the extensions follow on a listen stream with this filter. */
  async listen(filter: JsonObject, ctx: RequestContext, scope: MethodScope): Promise<ListenContribution[]> {
    const contributions: ListenContribution[] = [];
    for (const extension of this.mounted) {
      const contribution = await extension.listen?.(filter, ctx, scope);
      if (contribution !== undefined) contributions.push(contribution);
    }
    return contributions;
  }

  /** Closes every extension. */
  close(): void {
    for (const extension of this.mounted) extension.close?.();
  }
}

/** What a wrapped call keeps of where it came from. */
interface CallSite {
  readonly handler: MethodHandler;
  readonly scope: MethodScope;
  readonly channel: RequestChannel;
  readonly cancellation: Cancellation;
  readonly info: MessageInfo | undefined;
  readonly state: LegacyState | undefined;
}

function nextApplying(
  wrappers: readonly CallWrapper[],
  from: number,
  params: JsonObject,
  ctx: RequestContext,
  scope: MethodScope,
): number {
  for (let i = from; i < wrappers.length; i++) if (wrappers[i].applies(params, ctx, scope)) return i;
  return -1;
}

/** One wrapped call: built only once a wrapper applies. */
class Call implements WrappedCall {
  constructor(
    private readonly wrappers: readonly CallWrapper[],
    private readonly position: number,
    readonly request: JsonRpcRequest,
    readonly params: JsonObject,
    readonly ctx: RequestContext,
    private readonly site: CallSite,
  ) {}

  get scope(): MethodScope {
    return this.site.scope;
  }

  get channel(): RequestChannel {
    return this.site.channel;
  }

  get cancellation(): Cancellation {
    return this.site.cancellation;
  }

  get info(): MessageInfo | undefined {
    return this.site.info;
  }

  get connection(): object | undefined {
    return this.site.state;
  }

  next(ctx: RequestContext): MaybePromise<JsonObject> {
    const { wrappers, params, site } = this;
    const i = nextApplying(wrappers, this.position + 1, params, ctx, site.scope);
    if (i === -1) return site.handler.handle(params, ctx, site.scope, site.state);
    return wrappers[i].around(new Call(wrappers, i, this.request, params, ctx, site));
  }
}
