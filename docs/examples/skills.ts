// Skills (SEP-2640): a server whose skill teaches an agent to use its tools. Used by docs/skills.md.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { Thermometer } from './tool.js';

export function createApp(): McpApp {
  return new McpApp({
    name: 'thermometer',
    version: '1.0.0',
    providers: [Thermometer],
    skills: {
      // One folder per skill (Agent Skills layout): skill-files/unit-conversion/SKILL.md and its references.
      folders: [new URL('./skill-files', import.meta.url)],
      skills: [
        {
          // A skill made by code, per caller: served as "dynamic" (its text depends on who asks).
          frontmatter: { name: 'house-rules', description: 'How this deployment wants temperatures reported.' },
          body: (ctx) => `Report temperatures to ${ctx.auth?.subject ?? 'guests'} with one decimal.`,
        },
      ],
    },
  });
}
