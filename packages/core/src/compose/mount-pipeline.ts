// The call pipeline of a mounted primitive: the same steps and error model as an own one (see
// runtime/invoke.ts and compile.ts) — scopes → guards → interceptors → the forwarded call — with
// the input check left to the mounted server, which owns the schema. Built once per mount.
import type { RequestContext } from '@decorum/protocol';
import type { CompileDeps } from '../runtime/compile.js';
import { Context } from '../runtime/context.js';
import { answerFailure, type FailureAnswer } from '../runtime/error-model.js';
import type { ExecutionContext } from '../runtime/execution.js';
import { GuardRejectedError } from '../runtime/failures.js';
import { guardFunction, intercepted, interceptorFunction } from '../runtime/invoke.js';
import { demand } from '../runtime/scopes.js';
import type { Mount } from './mount-types.js';

/** What guards and interceptors see as the `target` of a mounted primitive. */
export class MountedPrimitive {}

/** One forwarded call, as the composed providers hand it over. */
export interface MountedCall {
  kind: 'tool' | 'resource' | 'prompt';
  /** The shown name (tools, prompts) or URI (resources). */
  name: string;
  /** The mounted server's own name or URI. */
  upstream: string;
  args: Record<string, unknown>;
  request: RequestContext;
}

/** A compiled pipeline: forwards when every step lets the call through, answers failures like an own primitive. */
export type MountedPipeline = <R>(
  call: MountedCall,
  answer: FailureAnswer<R>,
  forward: (context: Context | undefined) => Promise<R>,
) => Promise<R>;

/** Compiles the pipeline of one mount's primitives. */
export function compileMountPipeline(mount: Mount, deps: CompileDeps): MountedPipeline {
  const required = mount.scopes;
  const guards = [...deps.guards, ...(mount.guards ?? [])].map((g) => guardFunction(g, deps.container));
  const interceptors = [...deps.interceptors, ...(mount.interceptors ?? [])].map((i) =>
    interceptorFunction(i, deps.container),
  );
  const needsContext = guards.length > 0 || interceptors.length > 0;
  return async (call, answer, forward) => {
    const subject = `${call.kind} "${call.name}"`;
    try {
      demand(call.request.authInfo, required, subject);
      if (!needsContext) return await forward(undefined);
      const context = new Context(call.request, deps.services, deps.notifyResourceUpdated);
      const execution: ExecutionContext = {
        kind: call.kind,
        name: call.name,
        ...(call.kind === 'resource' && { uri: call.name }),
        target: MountedPrimitive,
        method: call.upstream,
        args: call.args,
        context,
      };
      for (const guard of guards) if (!(await guard(execution))) throw new GuardRejectedError();
      if (interceptors.length === 0) return await forward(context);
      return (await intercepted(interceptors, execution, () => forward(context))) as Awaited<
        ReturnType<typeof forward>
      >;
    } catch (error) {
      return answerFailure(error, subject, answer, deps.errors);
    }
  };
}
