/**
 * @decorum/core: decorators, metadata scanner, JSON Schema builder and the McpApp runtime.
 * The decorators arrive with the core issue; the engine types are re-exported for convenience.
 */
export { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@decorum/protocol';
