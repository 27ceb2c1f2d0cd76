// Readable output for list/call/read/prompt. `--json` bypasses all of this.

type Json = Record<string, unknown>;

function signature(schema: Json | undefined): string {
  const properties = (schema?.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties)
    .map(([name, prop]) => `${name}${required.has(name) ? '' : '?'}: ${typeLabel(prop)}`)
    .join(', ');
}

function typeLabel(prop: Json): string {
  if (Array.isArray(prop.enum)) return prop.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (prop.type === 'array') return `${typeLabel((prop.items ?? {}) as Json)}[]`;
  return Array.isArray(prop.type) ? prop.type.join(' | ') : String(prop.type ?? 'any');
}

function describe(item: Json): string {
  const text = (item.description ?? item.title) as string | undefined;
  return text ? ` — ${text.split('\n')[0]}` : '';
}

/** The `decorum list` text. */
export function formatLists(lists: {
  tools: Json[];
  resources: Json[];
  resourceTemplates: Json[];
  prompts: Json[];
}): string {
  const section = (title: string, items: Json[], line: (item: Json) => string) =>
    items.length === 0 ? [] : [`${title} (${items.length})`, ...items.map((item) => `  ${line(item)}`), ''];
  const lines = [
    ...section('Tools', lists.tools, (t) => `${t.name}(${signature(t.inputSchema as Json)})${describe(t)}`),
    ...section('Resources', lists.resources, (r) => `${r.uri}${r.mimeType ? ` [${r.mimeType}]` : ''}${describe(r)}`),
    ...section('Resource templates', lists.resourceTemplates, (r) => `${r.uriTemplate}${describe(r)}`),
    ...section('Prompts', lists.prompts, (p) => {
      const args = ((p.arguments ?? []) as Json[]).map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ');
      return `${p.name}(${args})${describe(p)}`;
    }),
  ];
  return lines.length === 0 ? 'The server offers no tools, resources or prompts.' : lines.join('\n').trimEnd();
}

/** One content block as text (binary parts are summarized, not dumped). */
export function formatContent(block: Json): string {
  switch (block.type) {
    case 'text':
      return String(block.text);
    case 'image':
    case 'audio':
      return `[${block.type} ${block.mimeType}, ${Math.floor((String(block.data).length * 3) / 4)} bytes]`;
    case 'resource_link':
      return `[link ${block.uri}${block.name ? ` (${block.name})` : ''}]`;
    case 'resource':
      return formatResourceContents(block.resource as Json);
    default:
      return JSON.stringify(block);
  }
}

/** A resource's contents: its text, or a summary of a blob. */
export function formatResourceContents(contents: Json): string {
  if (typeof contents.text === 'string') return contents.text;
  return `[blob ${contents.mimeType ?? ''} ${contents.uri}, ${Math.floor((String(contents.blob).length * 3) / 4)} bytes]`;
}

/** The `decorum call` text: content blocks, then structured content when it says more than the text. */
export function formatToolResult(result: Json): string {
  const blocks = ((result.content ?? []) as Json[]).map(formatContent);
  const structured = result.structuredContent;
  if (structured !== undefined) {
    const pretty = JSON.stringify(structured, null, 2);
    const compact = JSON.stringify(structured);
    if (!blocks.some((b) => b === compact || b === pretty)) blocks.push(pretty);
  }
  return blocks.join('\n');
}

/** The `decorum prompt` text: each message with its role. */
export function formatPrompt(result: Json): string {
  const messages = (result.messages ?? []) as Json[];
  return messages.map((m) => `[${m.role}]\n${formatContent(m.content as Json)}`).join('\n\n');
}
