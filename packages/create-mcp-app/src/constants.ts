// The choices a project is made of. Plain data, shared by the root entry and the Node-only code.

/** The project templates create-mcp-app can copy. */
export const TEMPLATES = ['basic', 'http', 'full', 'app'] as const;
/** A template name. */
export type TemplateName = (typeof TEMPLATES)[number];

/** How the generated server talks to clients: stdio, Streamable HTTP, or either (chosen by a flag). */
export const TRANSPORTS = ['stdio', 'http', 'both'] as const;
/** A transport choice. */
export type Transport = (typeof TRANSPORTS)[number];

/** How the generated tools describe their arguments: class-validator DTOs (Decorum's own way) or zod schemas. */
export const SCHEMAS = ['dto', 'zod'] as const;
/** A schema style. */
export type SchemaStyle = (typeof SCHEMAS)[number];

/** Who may call the server: anyone who reaches it, or users signed in through an OAuth identity provider. */
export const AUTHS = ['none', 'oauth'] as const;
/** An auth choice. */
export type AuthStyle = (typeof AUTHS)[number];

/**
 * Where the project is deployed: `node` (a Node process, the default) or a platform `decorum build --target`
 * builds for, whose configuration file and scripts the project then gets.
 */
export const DEPLOY_TARGETS = ['node', 'workers', 'deno', 'bun', 'vercel', 'lambda'] as const;
/** A deploy target. */
export type DeployTarget = (typeof DEPLOY_TARGETS)[number];
