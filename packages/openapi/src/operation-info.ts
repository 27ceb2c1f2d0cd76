// What selection sees of an operation: in its own module, so the document loader and the operation reader can
// both name it without importing each other.

/** The HTTP methods an OpenAPI path item may hold. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An HTTP method, lower case as OpenAPI writes it. */
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** What filters and name functions see of an operation. */
export interface OperationInfo {
  method: HttpMethod;
  /** The path template, as in the document (`/pets/{petId}`). */
  path: string;
  operationId?: string;
  tags: string[];
  summary?: string;
  description?: string;
  deprecated: boolean;
}
