import type { StandardSchemaV1 } from '@standard-schema/spec';
import { recordMember } from '../metadata/store.js';
import type { PromptOptions } from '../metadata/types.js';
import type { SchemaMethodDecorator } from './schema-method.js';

/**
 * Marks a method as an MCP prompt. Its arguments come from a DTO (`@Args()`) or `@Arg(name)`;
 * a returned string becomes one user message.
 * @example
 * @Prompt({ description: 'Review code' })
 * review(@Arg('code') code: string) { return `Please review:\n${code}`; }
 */
export function Prompt<S extends StandardSchemaV1>(
  options: Omit<PromptOptions, 'input'> & { input: S },
): SchemaMethodDecorator<S>;
export function Prompt(options?: PromptOptions): MethodDecorator;
export function Prompt(options: PromptOptions = {}): MethodDecorator {
  return (target, key) => {
    recordMember(target.constructor, { kind: 'prompt', method: String(key), options });
  };
}
