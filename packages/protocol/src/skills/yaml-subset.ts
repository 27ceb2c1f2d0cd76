// A small strict YAML reader for SKILL.md frontmatter: mappings (block, nested by indentation), sequences
// (block `- item` and flow `[a, b]`), flow mappings of scalars, plain / single- / double-quoted scalars with
// the YAML 1.2 core schema's types, literal and folded block scalars, comments. Everything else — anchors,
// aliases, tags, tabs, complex keys, multi-line flow collections, duplicate keys, plain scalars that another
// YAML library reads as a date — is refused with the line to change, so what is served is what any YAML
// parser reads. Kept in-house: a YAML library costs ~100 ms of cold start to every server, skills or not.

/** A frontmatter line that cannot be read; `message` names the line and the fix. */
export class YamlSubsetError extends Error {
  override readonly name = 'YamlSubsetError';
}

interface Line {
  no: number;
  /** Leading spaces; -1 for a blank line. */
  indent: number;
  /** The line without its indentation and trailing spaces. */
  text: string;
  /** A whole-line comment (skipped, except inside a block scalar, where it is text). */
  comment: boolean;
  raw: string;
}

const KEY = /^([A-Za-z0-9_][A-Za-z0-9_.-]*|"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')[ \t]*:(?:[ \t]+|$)/;
const TIMESTAMP = /^\d{4}-\d{1,2}-\d{1,2}(?:[Tt ]|$)/;

/** Reads the YAML of a frontmatter block into plain JSON. @throws YamlSubsetError */
export function parseYamlSubset(source: string): unknown {
  const lines: Line[] = [];
  source.split(/\r?\n/).forEach((raw, i) => {
    if (/^\s*$/.test(raw)) {
      lines.push({ no: i + 1, indent: -1, text: '', comment: false, raw });
      return;
    }
    const indent = raw.length - raw.trimStart().length;
    if (raw.slice(0, indent).includes('\t')) fail(i + 1, 'indent with spaces, not tabs');
    const text = raw.slice(indent).replace(/\s+$/, '');
    lines.push({ no: i + 1, indent, text, comment: text.startsWith('#'), raw });
  });
  const reader = new Reader(lines);
  const first = reader.peek();
  if (first === undefined) return null;
  const value = reader.block(first.indent);
  const rest = reader.peek();
  if (rest !== undefined) fail(rest.no, 'this line is not part of the mapping above (check its indentation)');
  return value;
}

function fail(line: number, why: string): never {
  throw new YamlSubsetError(`line ${line}: ${why}`);
}

class Reader {
  private at = 0;

  constructor(private readonly lines: Line[]) {}

  /** The next line with content (blank and comment lines skipped, except inside block scalars). */
  peek(): Line | undefined {
    while (this.at < this.lines.length) {
      const line = this.lines[this.at] as Line;
      if (line.indent >= 0 && !line.comment) break;
      this.at++;
    }
    return this.lines[this.at];
  }

  /** A block mapping or sequence whose lines start at `indent`. */
  block(indent: number): unknown {
    const line = this.peek() as Line;
    if (line.indent !== indent) fail(line.no, 'unexpected indentation');
    return line.text === '-' || line.text.startsWith('- ') ? this.sequence(indent) : this.mapping(indent);
  }

  private mapping(indent: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      const match = KEY.exec(line.text);
      if (match === null) fail(line.no, 'expected "key: value" (complex keys, anchors and tags are not read)');
      const key = String(scalar(match[1] as string, line.no, true));
      if (Object.hasOwn(out, key)) fail(line.no, `duplicate key "${key}"`);
      this.at++;
      out[key] = this.value(line.text.slice(match[0].length), line, indent);
    }
    return out;
  }

  private sequence(indent: number): unknown[] {
    const out: unknown[] = [];
    for (let line = this.peek(); line !== undefined && line.indent === indent; line = this.peek()) {
      if (line.text !== '-' && !line.text.startsWith('- ')) fail(line.no, 'expected "- item"');
      this.at++;
      const rest = line.text.slice(1).trimStart();
      if (KEY.test(rest)) fail(line.no, 'mappings inside sequence items are not read; use a nested mapping');
      out.push(this.value(rest, line, indent));
    }
    return out;
  }

  /** The value after `key:` or `-`: inline, a block scalar, or a nested block below. */
  private value(inline: string, line: Line, indent: number): unknown {
    const text = stripComment(inline);
    if (/^[|>][-+]$/.test(text) && text.endsWith('+')) fail(line.no, 'keep chomping (|+, >+) is not read; use | or |-');
    if (text === '|' || text === '>' || /^[|>]-$/.test(text)) return this.blockScalar(text, indent, line.no);
    if (text !== '') return scalar(text, line.no, false);
    const next = this.peek();
    if (next !== undefined && next.indent > indent) return this.block(next.indent);
    // `key:` with a sequence at the same indentation is YAML too.
    if (next !== undefined && next.indent === indent && (next.text === '-' || next.text.startsWith('- '))) {
      return this.sequence(indent);
    }
    return null;
  }

  private blockScalar(header: string, indent: number, no: number): string {
    const body: Line[] = [];
    while (this.at < this.lines.length) {
      const line = this.lines[this.at] as Line;
      if (line.indent >= 0 && line.indent <= indent) break;
      body.push(line);
      this.at++;
    }
    while (body.length > 0 && (body[body.length - 1] as Line).indent < 0) body.pop();
    if (body.length === 0) return '';
    if ((body[0] as Line).indent < 0) fail(no, 'a block scalar starting with a blank line is not read; remove it');
    const base = (body[0] as Line).indent;
    const rows = body.map((l) => {
      if (l.indent < 0) return '';
      if (l.indent < base) fail(l.no, 'less indented than the first line of its block scalar');
      return l.raw.slice(base).replace(/\s+$/, '');
    });
    let text: string;
    if (header.startsWith('|')) text = rows.join('\n');
    else {
      if (rows.some((row) => row.startsWith(' '))) {
        fail(no, 'more-indented lines in a folded (>) block are not read; use a literal (|) block');
      }
      // Folded: lines join with a space, each blank line is a line break.
      text = '';
      rows.forEach((row, i) => {
        if (i === 0) text = row;
        else if (row === '') text += '\n';
        else if (rows[i - 1] === '') text += row;
        else text += ` ${row}`;
      });
    }
    return header.endsWith('-') ? text : `${text}\n`;
  }
}

/** A plain scalar's trailing ` # comment` removed (quoted scalars keep their `#`). */
function stripComment(text: string): string {
  if (text.startsWith('"') || text.startsWith("'") || text.startsWith('[') || text.startsWith('{')) return text;
  const hash = text.search(/\s#/);
  return (hash < 0 ? text : text.slice(0, hash)).trim();
}

/** One inline value: quoted, a flow collection, or a plain scalar typed by the core schema. */
function scalar(text: string, line: number, key: boolean): unknown {
  if (text.startsWith('"')) return doubleQuoted(text, line);
  if (text.startsWith("'")) {
    const match = /^'((?:[^']|'')*)'\s*(#.*)?$/.exec(text);
    if (match === null) fail(line, 'a single-quoted string must end on its line');
    return (match[1] as string).replace(/''/g, "'");
  }
  if (key) return text;
  if (text.startsWith('[')) return flow(text, line, '[', ']').map((item) => scalar(item, line, false));
  if (text.startsWith('{')) {
    const out: Record<string, unknown> = {};
    for (const item of flow(text, line, '{', '}')) {
      const match = KEY.exec(item);
      if (match === null) fail(line, `expected "key: value" in "${text}"`);
      const k = String(scalar(match[1] as string, line, true));
      if (Object.hasOwn(out, k)) fail(line, `duplicate key "${k}"`);
      out[k] = scalar(item.slice(match[0].length).trim(), line, false);
    }
    return out;
  }
  if (/^[&*!%@`|>]/.test(text))
    fail(line, `"${text}": anchors, aliases, tags and reserved indicators are not read; quote it`);
  if (/^(null|Null|NULL|~)$/.test(text)) return null;
  if (/^(true|True|TRUE)$/.test(text)) return true;
  if (/^(false|False|FALSE)$/.test(text)) return false;
  if (/^[-+]?[0-9]+$/.test(text)) return Number.parseInt(text, 10);
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/.test(text)) return Number.parseFloat(text);
  if (/^[-+]?\.(inf|Inf|INF)$/.test(text) || /^\.(nan|NaN|NAN)$/.test(text)) {
    fail(line, `"${text}" is not a JSON number; quote it`);
  }
  if (TIMESTAMP.test(text)) fail(line, `"${text}" reads as a date in some YAML parsers; quote it`);
  if (/:\s|\s#/.test(text)) fail(line, `"${text}" is ambiguous; quote it`);
  return text;
}

function doubleQuoted(text: string, line: number): string {
  const match = /^("(?:[^"\\]|\\.)*")\s*(#.*)?$/.exec(text);
  if (match === null) fail(line, 'a double-quoted string must end on its line');
  try {
    // JSON's escapes are a subset of YAML's; other escapes (\x, \e …) are refused rather than misread.
    return JSON.parse(match[1] as string) as string;
  } catch {
    return fail(line, `unsupported escape in ${match[1]}: use \\n, \\t, \\", \\\\ or \\uXXXX`);
  }
}

/** The items of a one-line flow collection, split at top-level commas (quotes respected). */
function flow(text: string, line: number, open: string, close: string): string[] {
  const inner = stripTrailingComment(text, close);
  if (!inner.startsWith(open) || !inner.endsWith(close))
    fail(line, `a ${open}…${close} collection must end on its line`);
  const body = inner.slice(1, -1);
  const items: string[] = [];
  let quote = '';
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote !== '') {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') fail(line, 'nested flow collections are not read; use block style');
    else if (c === ',') {
      items.push(body.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = body.slice(start).trim();
  if (last !== '') items.push(last);
  if (items.some((item) => item === '')) fail(line, `empty item in ${text}`);
  return items;
}

function stripTrailingComment(text: string, close: string): string {
  const end = text.lastIndexOf(close);
  const after = text.slice(end + 1).trim();
  if (after !== '' && !after.startsWith('#')) fail(0, `text after ${close}`);
  return text.slice(0, end + 1);
}
