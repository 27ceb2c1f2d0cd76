// Turns a template file into project text: drops the lines of sections whose condition is false,
// then fills `{{placeholders}}`. Sections are whole lines in the file's own comment syntax, so the
// templates stay valid Markdown, TypeScript or Dockerfiles:
//   <!-- @if http -->  …  <!-- @endif -->      // @if !stdio  …  // @endif      # @if template:full  …  # @endif
import { CreateAppError } from './errors.js';

const DIRECTIVE = /^\s*(?:<!--|\/\/|#)\s*@(if|endif)\b\s*([^\s>]*)\s*(?:-->)?\s*$/;
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w-]*)\s*\}\}/g;

/** What a template sees: the flags its sections test, and the values its placeholders take. */
export interface RenderContext {
  /** Flags that are on, e.g. `stdio`, `http`, `both`, `template:full`. */
  flags: ReadonlySet<string>;
  /** Placeholder values, e.g. `{ name: 'my-server' }` for `{{name}}`. */
  values: Readonly<Record<string, string>>;
}

function holds(condition: string, flags: ReadonlySet<string>): boolean {
  return condition.startsWith('!') ? !flags.has(condition.slice(1)) : flags.has(condition);
}

/** Keeps the lines whose enclosing sections all hold; directive lines themselves never reach the output. */
export function applySections(text: string, flags: ReadonlySet<string>, file: string): string {
  const kept: string[] = [];
  const open: boolean[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const directive = DIRECTIVE.exec(line);
    if (directive === null) {
      if (open.every(Boolean)) kept.push(line);
      return;
    }
    if (directive[1] === 'if') {
      if (!directive[2]) throw new CreateAppError('TEMPLATE', `${file}:${index + 1}: "@if" needs a condition`);
      open.push(holds(directive[2], flags));
    } else if (open.pop() === undefined) {
      throw new CreateAppError('TEMPLATE', `${file}:${index + 1}: "@endif" without "@if"`);
    }
  });
  if (open.length > 0) throw new CreateAppError('TEMPLATE', `${file}: ${open.length} "@if" left without "@endif"`);
  return kept.join('\n');
}

/** Replaces every `{{key}}`; a key with no value is a template bug, reported with its file. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>, file: string): string {
  return text.replace(PLACEHOLDER, (_match, key: string) => {
    const value = values[key];
    if (value === undefined) throw new CreateAppError('TEMPLATE', `${file}: unknown placeholder {{${key}}}`);
    return value;
  });
}

/**
 * Renders one template file.
 * @example
 * renderTemplate('# {{name}}\n<!-- @if http -->\nPORT=3000\n<!-- @endif -->\n', { flags: new Set(), values: { name: 'x' } }, 'README.md');
 * // '# x\n'
 */
export function renderTemplate(text: string, context: RenderContext, file: string): string {
  return fillPlaceholders(applySections(text, context.flags, file), context.values, file);
}
