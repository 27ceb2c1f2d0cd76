// Checks of the Skills extension's wire shapes (the requirements summary, §4), written here so that the
// tests judge what a server sent by the spec's rules, not by Decorum's own types.
import { createHash } from 'node:crypto';
import { expect } from 'vitest';

export type Json = Record<string, any>;

export const SKILLS_ID = 'io.modelcontextprotocol/skills';

/** A `Skill` entry: uri of a SKILL.md, frontmatter with name = last segment, complete manifest or "dynamic". */
export function expectSkillEntry(entry: Json): void {
  expect(Object.keys(entry).sort()).toEqual(['frontmatter', 'resources', 'uri']);
  expect(entry.uri).toMatch(/^skill:\/\/.+\/SKILL\.md$/);
  const segments = (entry.uri as string).slice('skill://'.length).split('/');
  expect(entry.frontmatter.name).toBe(segments.at(-2));
  expect(typeof entry.frontmatter.description).toBe('string');
  if (entry.resources === 'dynamic') return;
  expect(Array.isArray(entry.resources)).toBe(true);
  const root = (entry.uri as string).slice(0, -'/SKILL.md'.length);
  expect(entry.resources.filter((r: Json) => r.uri === entry.uri)).toHaveLength(1);
  for (const file of entry.resources as Json[]) {
    expect(Object.keys(file).sort()).toEqual(['digest', 'size', 'uri']);
    expect(file.uri === entry.uri || file.uri.startsWith(`${root}/`)).toBe(true);
    expect(file.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(Number.isInteger(file.size) && file.size >= 0).toBe(true);
  }
  expect(new Set(entry.resources.map((r: Json) => r.uri)).size).toBe(entry.resources.length);
}

/** The raw bytes of a resources/read content item. */
export function bytesOf(item: Json): Buffer {
  return typeof item.text === 'string' ? Buffer.from(item.text, 'utf8') : Buffer.from(item.blob, 'base64');
}

export const sha256 = (bytes: Buffer) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/** Every file of a manifest read through `read` matches its size and digest. */
export async function expectFilesVerified(entry: Json, read: (uri: string) => Promise<Json>): Promise<number> {
  let count = 0;
  for (const file of entry.resources as Json[]) {
    const result = await read(file.uri);
    expect(result.contents).toHaveLength(1);
    const bytes = bytesOf(result.contents[0]);
    expect(bytes.length, file.uri).toBe(file.size);
    expect(sha256(bytes), file.uri).toBe(file.digest);
    count++;
  }
  return count;
}

/** Traversal and encoded forms no server may answer with a file. */
export const TRAVERSALS = [
  'skill://pdf-tools/../../etc/passwd',
  'skill://pdf-tools/references/../../../etc/passwd',
  'skill://pdf-tools/%2e%2e/%2e%2e/etc/passwd',
  'skill://pdf-tools/references/..%2F..%2Fetc%2Fpasswd',
  'skill://pdf-tools/%252e%252e/etc/passwd',
  'skill://../etc/passwd',
  'skill://pdf-tools/.hidden',
];
