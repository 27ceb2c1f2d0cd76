// Values that may or may not be promises. The request path hands a synchronous answer on as it is:
// each `await` or `.then` of a plain value still costs a microtask turn and a promise, and a small
// tools/call went through half a dozen of them between the transport and the method.

/** A value, or a promise of one: what providers and handlers may return. */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether `value` is a promise or another thenable (what `await` would wait on).
 * @example if (isThenable(result)) return result.then(shape); else return shape(result);
 */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  if (value instanceof Promise) return true;
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/**
 * `next(value)`: at once for a plain value, when it settles for a promise (a rejection passes through).
 * @example andThen(provider.call(params, ctx), (result) => shapeResult(result))
 */
export function andThen<T, R>(value: MaybePromise<T>, next: (value: T) => MaybePromise<R>): MaybePromise<R> {
  return isThenable(value) ? Promise.resolve(value).then(next) : next(value);
}

/**
 * Runs `run` and hands its outcome to `ok` or `fail`: at once when it returns a plain value or throws, when it
 * settles for a promise. The one place an HTTP request's answer leaves the synchronous path (the adapter's end).
 * @example settle(() => service.serve(input), (reply) => write(reply), (error) => answer500(error))
 */
export function settle<T>(run: () => MaybePromise<T>, ok: (value: T) => void, fail: (error: unknown) => void): void {
  let value: MaybePromise<T>;
  try {
    value = run();
  } catch (error) {
    fail(error);
    return;
  }
  if (isThenable(value)) Promise.resolve(value).then(ok, fail);
  else ok(value);
}

/** A promise and the function that resolves it (`Promise.withResolvers`, which Node 20 lacks). */
export interface Deferred<T> {
  readonly promise: Promise<T>;
  readonly resolve: (value: T) => void;
}

/** A new {@link Deferred}. */
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
