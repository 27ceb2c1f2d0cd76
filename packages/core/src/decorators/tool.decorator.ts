import type { StandardSchemaV1 } from '@standard-schema/spec';
import { recordMember } from '../metadata/store.js';
import type { ToolOptions } from '../metadata/types.js';
import type { SchemaMethodDecorator } from './schema-method.js';

/**
 * Marks a method as an MCP tool. Only records metadata; `McpApp` reads it at startup.
 * @example
 * @Tool({ name: 'weather_current', description: 'Current weather', annotations: { readOnlyHint: true } })
 * current(@Args() input: CurrentWeather) { return `Sunny in ${input.location}`; }
 */
export function Tool<S extends StandardSchemaV1>(
  options: Omit<ToolOptions, 'input'> & { input: S },
): SchemaMethodDecorator<S>;
export function Tool(options?: ToolOptions): MethodDecorator;
export function Tool(options: ToolOptions = {}): MethodDecorator {
  return (target, key) => {
    recordMember(target.constructor, { kind: 'tool', method: String(key), options });
  };
}
