import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * What a decorator given a Standard Schema returns: it accepts only a method whose first parameter takes what the
 * schema validates to, so `tsc` refuses a handler whose parameter type does not match its schema.
 * @example
 * @Tool({ input: z.object({ city: z.string() }) })
 * current({ city }: { city: string }) { … } // `{ city: number }` would not compile
 */
export type SchemaMethodDecorator<S extends StandardSchemaV1> = <
  M extends (args: StandardSchemaV1.InferOutput<S>, ...rest: any[]) => unknown,
>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;
