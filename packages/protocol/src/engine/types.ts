// MCP shapes the engine reads or builds. Fields are those of the newest legacy revision; the shaping
// step (shaping.ts) drops or downgrades what an older negotiated revision does not define.

/** An icon for a server, tool, resource or prompt (2025-11-25). */
export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

/** Name and version of a client or server implementation. */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  description?: string;
  icons?: Icon[];
  websiteUrl?: string;
}

/** Free-form JSON object. */
export type JsonObject = Record<string, unknown>;

/** What a client declares it supports. */
export interface ClientCapabilities {
  roots?: { listChanged?: boolean };
  sampling?: { context?: JsonObject; tools?: JsonObject };
  elicitation?: { form?: JsonObject; url?: JsonObject };
  experimental?: Record<string, JsonObject>;
  /** Extensions (SEP-2133) by identifier, with their settings. */
  extensions?: Record<string, JsonObject>;
  [key: string]: unknown;
}

/** What the server declares; built from what is registered. */
export interface ServerCapabilities {
  tools?: { listChanged?: boolean };
  resources?: { subscribe?: boolean; listChanged?: boolean };
  prompts?: { listChanged?: boolean };
  completions?: JsonObject;
  logging?: JsonObject;
  experimental?: Record<string, JsonObject>;
  /** Extensions (SEP-2133) by identifier, with their settings. */
  extensions?: Record<string, JsonObject>;
  [key: string]: unknown;
}

/** A tool definition as listed by tools/list. */
export interface ToolDefinition {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  icons?: Icon[];
  execution?: JsonObject;
  _meta?: JsonObject;
}

/** A resource as listed by resources/list. */
export interface ResourceDefinition {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  size?: number;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
}

/** A resource template as listed by resources/templates/list. */
export interface ResourceTemplateDefinition {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  annotations?: JsonObject;
  icons?: Icon[];
  _meta?: JsonObject;
}

/** A prompt argument. */
export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
}

/** A prompt as listed by prompts/list. */
export interface PromptDefinition {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  icons?: Icon[];
  _meta?: JsonObject;
}

/** A content block (text, image, audio, resource_link, embedded resource). */
export interface ContentBlock {
  type: 'text' | 'image' | 'audio' | 'resource_link' | 'resource';
  [key: string]: unknown;
}

/** The result of tools/call. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: JsonObject;
  isError?: boolean;
  _meta?: JsonObject;
}

/** The result of resources/read. */
export interface ReadResourceResult {
  contents: JsonObject[];
  _meta?: JsonObject;
}

/** The result of prompts/get. */
export interface GetPromptResult {
  description?: string;
  messages: { role: 'user' | 'assistant'; content: ContentBlock }[];
  _meta?: JsonObject;
}

/** The result of completion/complete. */
export interface CompleteResult {
  completion: { values: string[]; total?: number; hasMore?: boolean };
  _meta?: JsonObject;
}

/** RFC 5424 severities, as MCP names them, least severe first. */
export const LOGGING_LEVELS = [
  'debug',
  'info',
  'notice',
  'warning',
  'error',
  'critical',
  'alert',
  'emergency',
] as const;

/** A logging level. */
export type LoggingLevel = (typeof LOGGING_LEVELS)[number];
