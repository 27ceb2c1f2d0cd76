// Builds the app from its providers. Kept apart from server.ts so tests (and `decorum` commands)
// can create the app without it starting to listen.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { AboutResource } from './about.resource.js';
import { ExplainPrompt } from './explain.prompt.js';
import { GreetTool } from './greet.tool.js';
// @if auth:oauth
import { WhoAmITool } from './whoami.tool.js';
// @endif

/** Every class whose decorated methods the server exposes. */
export const providers = [
  GreetTool,
  AboutResource,
  ExplainPrompt,
  // @if auth:oauth
  WhoAmITool,
  // @endif
];

/** The MCP server, ready to listen or to be tested. */
export function createApp(): McpApp {
  return new McpApp({
    name: '{{serverName}}',
    version: '0.1.0',
    instructions: 'Call "greet" to greet someone; read "app://about" to learn what this server does.',
    providers,
  });
}
