// class-transformer 0.5.1 keeps `@Type` records in a storage its entry does not export; the CommonJS
// file is the one its own entry (and so every `@Type` in a Node process) writes to. Only the part the
// schema layer reads is typed here.
declare module 'class-transformer/cjs/storage.js' {
  /** One `@Type(() => X)` record. */
  export interface TransformerTypeMetadata {
    typeFunction: (options?: unknown) => unknown;
    /** The `design:type` of the property, which class-transformer instantiates for array values. */
    reflectedType?: unknown;
    options?: { discriminator?: unknown; keepDiscriminatorProperty?: boolean };
  }
  export const defaultMetadataStorage: {
    findTypeMetadata(target: Function, propertyName: string): TransformerTypeMetadata | undefined;
    findTransformMetadatas(target: Function, propertyName: string, transformationType: number): unknown[];
    getExposedMetadatas(target: Function): unknown[];
    getExcludedMetadatas(target: Function): unknown[];
    getStrategy(target: Function): string;
  };
}
