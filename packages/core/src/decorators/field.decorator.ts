import { readFields, recordField } from '../metadata/store.js';
import type { Class, FieldOptions } from '../metadata/types.js';

/**
 * Documents a DTO property for the generated JSON Schema: description, title, examples, default, and an
 * explicit type when reflection cannot tell. It only records plain data on the class (in the same
 * per-class store as every other decorator); the schema builder interprets it. Several `@Field` on one
 * property merge, the one written first winning.
 * @example
 * class SearchInput {
 *   @Field({ description: 'Words to look for', examples: ['weather in Oslo'] }) @IsString() query!: string;
 *   @Field({ type: ['string'], description: 'Tags to filter by' }) @IsOptional() @IsString({ each: true }) tags?: string[];
 * }
 */
export function Field(options: FieldOptions = {}): PropertyDecorator {
  return (prototype, property) => {
    if (typeof property !== 'string') return; // JSON has no Symbol keys: nothing to describe
    recordField(prototype.constructor, property, options);
  };
}

/**
 * The `@Field` records of a class and its ancestors, by property name (a subclass's record wins).
 * @example
 * getFieldMetadata(SearchInput).get('query')?.description; // 'Words to look for'
 */
export function getFieldMetadata(dto: Class): ReadonlyMap<string, FieldOptions> {
  return readFields(dto);
}
