// Builds the app from its providers. Kept apart from server.ts so tests (and `decorum` commands)
// can create the app without it starting to listen.
import 'reflect-metadata';
import { McpApp, type McpAppOptions } from '@decorum/core';
import { NotesPrompts } from './notes.prompts.js';
import { NotesResources } from './notes.resources.js';
import { NotesTools } from './notes.tools.js';

/** Every class whose decorated methods the server exposes; their services come through DI. */
export const providers = [NotesTools, NotesResources, NotesPrompts];

/** The MCP server, ready to listen or to be tested. `options` can pass another DI container. */
export function createApp(options: Partial<McpAppOptions> = {}): McpApp {
  return new McpApp({
    name: '{{serverName}}',
    version: '0.1.0',
    instructions: 'Keep notes: "add_note" saves one, "search_notes" finds them, notes://index lists them all.',
    providers,
    // Agent Skills served beside the tools (docs/skills.md): skills/note-taking teaches an agent to use them.
    skills: { folders: [new URL('../skills', import.meta.url)] },
    ...options,
  });
}
