// @Complete: suggestions for a prompt argument or a template variable as the user types. Used by docs/complete.md.
import 'reflect-metadata';
import { Arg, Complete, McpApp, Param, Prompt, ResourceTemplate } from '@decorum/core';

const LANGUAGES = ['go', 'java', 'javascript', 'python', 'rust', 'typescript'];
const PAGES: Record<string, string[]> = { python: ['asyncio', 'typing'], rust: ['ownership', 'traits'] };

export class Docs {
  @Prompt({ description: 'Explain a language feature' })
  explain(@Arg('language') language: string, @Arg('feature') feature: string): string {
    return `Explain ${feature} in ${language}.`;
  }

  @ResourceTemplate('docs://{language}/{page}', { name: 'doc-page', mimeType: 'text/markdown' })
  page(@Param('language') language: string, @Param('page') page: string): string {
    return `# ${page} (${language})`;
  }

  // One method can serve several targets: the prompt by name, the template by its URI template.
  @Complete({ prompt: 'explain', argument: 'language' })
  @Complete({ template: 'docs://{language}/{page}', argument: 'language' })
  languages(value: string): string[] {
    return LANGUAGES.filter((language) => language.startsWith(value));
  }

  // `member` names the decorated method instead; `context.arguments` holds what the user already chose.
  @Complete({ member: 'page', argument: 'page' })
  pages(value: string, context: { arguments: Record<string, string> }) {
    const pages = PAGES[context.arguments.language ?? ''] ?? [];
    return { values: pages.filter((page) => page.startsWith(value)), total: pages.length };
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'docs', version: '1.0.0', providers: [Docs] });
}
