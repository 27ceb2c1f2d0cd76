import { recordInterceptors } from '../metadata/store.js';
import type { Interceptor } from '../runtime/execution.js';

/**
 * Wraps every primitive of a class, or one method, with interceptors (outermost first).
 * @example
 * const timing: Interceptor = async (c, next) => { const t = Date.now(); try { return await next(); } finally { console.error(c.name, Date.now() - t); } };
 * @UseInterceptors(timing) class Tools { … }
 */
export function UseInterceptors(...interceptors: Interceptor[]): ClassDecorator & MethodDecorator {
  return ((target: object, key?: string | symbol) => {
    const ctor = key === undefined ? (target as Function) : target.constructor;
    recordInterceptors(ctor, key === undefined ? '' : String(key), interceptors);
  }) as ClassDecorator & MethodDecorator;
}
