/**
 * @decorum/openapi — tools from an OpenAPI document (work in progress).
 */
export {};
