import type { ToolDefinition } from '@decorum/protocol';

/**
 * Renders tools for a snapshot: sorted by name, `name` first and every other key sorted, `required`
 * lists sorted (they are sets: reordering a DTO's fields is not drift), arrays of plain values on one
 * line. The output is valid JSON, and the same tools always give the same string, so a snapshot
 * changes only when a name, a description, an annotation or a schema does.
 * @example
 * expect(renderToolsSnapshot(await client.listTools())).toMatchSnapshot();
 */
export function renderToolsSnapshot(tools: readonly ToolDefinition[]): string {
  const sorted = [...tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return format(
    sorted.map((tool) => ({ name: tool.name, ...(canonical(tool) as object) })),
    0,
  );
}

function canonical(value: unknown, key?: string): unknown {
  if (Array.isArray(value)) {
    const items = value.map((item) => canonical(item));
    return key === 'required' && items.every((i) => typeof i === 'string') ? [...items].sort() : items;
  }
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value).sort()) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = canonical(v, k);
  }
  return out;
}

const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** JSON with two-space indents, where arrays of plain values stay on one line (shorter diffs to read). */
function format(value: unknown, depth: number): string {
  const pad = (d: number) => '  '.repeat(d);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPlain)) return `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    return `[\n${value.map((v) => pad(depth + 1) + format(v, depth + 1)).join(',\n')}\n${pad(depth)}]`;
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value);
  if (entries.length === 0) return '{}';
  const lines = entries.map(([k, v]) => `${pad(depth + 1)}${JSON.stringify(k)}: ${format(v, depth + 1)}`);
  return `{\n${lines.join(',\n')}\n${pad(depth)}}`;
}
