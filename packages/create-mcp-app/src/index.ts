/**
 * create-mcp-app scaffolds a Decorum server from the templates in this repository. The scaffolder
 * itself arrives with its own issue; this entry holds what its binary and tests share.
 */

/** The project templates create-mcp-app can copy. */
export const TEMPLATES: readonly string[] = ['basic', 'http', 'full'];
