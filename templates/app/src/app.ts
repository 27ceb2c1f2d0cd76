// Builds the app from its providers. Kept apart from server.ts so tests (and `decorum` commands)
// can create the app without it starting to listen.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { GreetTool } from './greet.tool.js';
import { GreetingCard } from './greeting-card.view.js';

/** Every class whose decorated methods the server exposes. */
export const providers = [GreetTool, GreetingCard];

/** The MCP server, ready to listen or to be tested. */
export function createApp(): McpApp {
  return new McpApp({
    name: '{{serverName}}',
    version: '0.1.0',
    instructions: 'Call "greet" to greet someone: hosts with MCP Apps show a greeting card.',
    providers,
  });
}
