// Startup and compile errors of a reload, told with the place they come from: the first stack frame
// inside the project (source-mapped to the .ts file), as file:line:column and a code frame. SWC's
// syntax errors already carry their own frame and are passed through.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A place in a source file. */
export interface SourceLocation {
  file: string;
  line: number;
  column: number;
}

const FRAME = /\(?((?:file:\/\/)?\/[^\s():]+):(\d+):(\d+)\)?$/;

/** The first stack frame that points into the project (outside node_modules), if any. */
export function projectLocation(error: unknown, root: string): SourceLocation | undefined {
  const stack = (error as Error | undefined)?.stack ?? '';
  for (const line of stack.split('\n').slice(1)) {
    const match = FRAME.exec(line.trim());
    if (match === null) continue;
    const raw = (match[1] as string).split('?')[0] as string;
    const file = raw.startsWith('file:') ? fileURLToPath(raw) : raw;
    if (!file.startsWith(root) || file.includes('/node_modules/')) continue;
    return { file, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** Lines around `location`, numbered, with a caret under the column. */
export function codeFrame(location: SourceLocation, context = 2): string {
  let source: string;
  try {
    source = readFileSync(location.file, 'utf8');
  } catch {
    return '';
  }
  const lines = source.split('\n');
  const first = Math.max(1, location.line - context);
  const last = Math.min(lines.length, location.line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === location.line ? '>' : ' ';
    out.push(`${marker} ${String(n).padStart(width)} | ${lines[n - 1]}`);
    if (n === location.line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, location.column - 1))}^`);
  }
  return out.join('\n');
}

/** The whole report for an error of a reload: message, place, frame (paths relative to the project). */
export function formatReloadError(error: unknown, root: string): string {
  const err = error instanceof Error ? error : new Error(String(error));
  const message = err.message.replaceAll(`${root}/`, '').replaceAll(/\?v=\d+/g, '');
  // SWC's parse errors arrive with a frame of their own (`,-[file:line:col]`), then a native
  // backtrace nobody needs.
  if (/,-\[/.test(message)) return message.split(/\n\s*Caused by:/)[0]?.trimEnd() ?? message;
  const location = projectLocation(err, root);
  if (location === undefined) return `${err.name}: ${message}`;
  const where = `${relative(root, location.file)}:${location.line}:${location.column}`;
  const frame = codeFrame(location);
  return `${err.name}: ${message}\n  at ${where}${frame ? `\n\n${frame}` : ''}`;
}
