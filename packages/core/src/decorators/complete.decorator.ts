import { recordCompletion } from '../metadata/store.js';

/** Which argument or template variable a `@Complete` method completes. */
export interface CompleteTarget {
  /** A prompt name … */
  prompt?: string;
  /** … or a resource template (its URI template string) … */
  template?: string;
  /** … or the method name of a prompt/template in the same class. */
  member?: string;
  /** The argument or template variable. */
  argument: string;
}

/**
 * Marks a method as the completion provider for one prompt argument or template variable. It
 * receives `(value: string, context: { arguments: Record<string, string> }, ctx)` and returns
 * strings (at most 100 are sent, with `hasMore`/`total`).
 * @example
 * @Complete({ prompt: 'review', argument: 'language' })
 * languages(value: string) { return ['python', 'typescript'].filter((l) => l.startsWith(value)); }
 */
export function Complete(target: CompleteTarget): MethodDecorator {
  return (proto, key) => {
    const { argument, ...which } = target;
    recordCompletion(proto.constructor, { method: String(key), target: which, argument });
  };
}
