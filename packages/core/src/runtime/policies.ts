// The one table of primitive kinds: for each, how a result normalises and how a failure is answered
// (the causes and their messages are in error-model.ts, the same for every kind). A new primitive
// kind is a row here, plus its provider (which looks entries up and lists them).
import type { CallToolResult, GetPromptResult, ReadResourceResult } from '@decorum/protocol';
import type { ResourceEntry, TemplateEntry } from '../scanner/manifest.js';
import type { KindPolicies } from './compile.js';
import { OutputMismatchError } from './failures.js';
import { validatorFor } from './input-validators.js';
import { normalizePromptResult, normalizeResourceResult, normalizeToolResult, text } from './results.js';
import type { SchemaServices } from './services.js';

/** What the policies need from the app. */
export interface PolicyOptions {
  services: SchemaServices;
  /** Check structured tool output against its output schema. */
  validateOutput: boolean;
}

/** A read's result with the entry's cache hint (2026-07-28), when it has one. */
function withCache(result: ReadResourceResult, entry: ResourceEntry | TemplateEntry): ReadResourceResult {
  const cache = entry.options.cache;
  if (cache === undefined) return result;
  // The engine reads these two off the result and sends them as the 2026-07-28 cache hint.
  return { ...result, ttlMs: cache.ttlMs, cacheScope: cache.cacheScope } as ReadResourceResult;
}

/** The policies of tools, resources, templates and prompts. */
export function kindPolicies(
  options: PolicyOptions,
): KindPolicies<CallToolResult, ReadResourceResult, GetPromptResult> {
  return {
    tool: {
      answer: { result: (message) => ({ isError: true, content: [text(message)] }) },
      subject: (entry) => `tool "${entry.name}"`,
      // Not async: only a checked output schema needs a promise, and most tools have none.
      normalise(value, entry) {
        const output = entry.options.output;
        const result = normalizeToolResult(value, {
          structured: output !== undefined,
          mimeType: entry.options.mimeType,
        });
        if (
          output === undefined ||
          !options.validateOutput ||
          result.structuredContent === undefined ||
          result.isError
        ) {
          return result;
        }
        const validator = validatorFor(options.services, output, 'output', `${entry.where} output`);
        return validator.validate(result.structuredContent).then((checked) => {
          if (!checked.ok) throw new OutputMismatchError(checked.issues);
          return result;
        });
      },
    },
    resource: {
      answer: 'error',
      subject: (entry) => `resource "${entry.uri}"`,
      normalise: (value, entry) => withCache(normalizeResourceResult(value, entry.uri, entry.options.mimeType), entry),
    },
    template: {
      answer: 'error',
      subject: (_entry, call) => `resource "${call.uri}"`,
      normalise: (value, entry, call) =>
        withCache(normalizeResourceResult(value, call.uri as string, entry.options.mimeType), entry),
    },
    prompt: {
      answer: 'error',
      subject: (entry) => `prompt "${entry.name}"`,
      normalise: (value, entry) => normalizePromptResult(value, entry.options.description),
    },
  };
}
