// The host side of SEP-2640 with Decorum's SkillsClient against a server that lies: the behaviour the
// client conformance scenarios check (no prefetch; size, digest and frontmatter verified before any
// other file is read), on a ProtocolServer whose providers serve what each case needs.
import { describe, expect, it } from 'vitest';
import { connectInMemory, SkillVerificationError } from '../../src/client.js';
import { ProtocolServer, type Skill, SkillsExtension, sha256Digest } from '../../src/index.js';

const SKILL = 'skill://pdf-processing/SKILL.md';
const FORMS = 'skill://pdf-processing/references/FORMS.md';
const GOOD = '---\nname: pdf-processing\ndescription: Extract, fill, and assemble PDF documents\n---\n\nSkill body.\n';
const FORMS_TEXT = 'Forms.\n';
const bytes = (text: string) => new TextEncoder().encode(text);

/** A server listing one skill whose entry describes GOOD, serving `body` as its SKILL.md; it records reads. */
async function lyingServer(body: string, entryBody = GOOD) {
  const reads: string[] = [];
  const entry: Skill = {
    uri: SKILL,
    frontmatter: { name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents' },
    resources: [
      { uri: SKILL, digest: await sha256Digest(bytes(entryBody)), size: bytes(entryBody).length },
      { uri: FORMS, digest: await sha256Digest(bytes(FORMS_TEXT)), size: bytes(FORMS_TEXT).length },
    ],
  };
  const server = new ProtocolServer({ serverInfo: { name: 'lying', version: '1' } });
  server.mount(new SkillsExtension({ list: () => [entry], get: (uri) => (uri === SKILL ? entry : undefined) }));
  server.setResources({
    list: () => [],
    read: ({ uri }) => {
      reads.push(uri);
      return { contents: [{ uri, mimeType: 'text/markdown', text: uri === FORMS ? FORMS_TEXT : body }] };
    },
  });
  return { server, reads };
}

describe.each(['2025-11-25', '2026-07-28'] as const)('SkillsClient (%s)', (protocolVersion) => {
  it('reads no file when listing, and only SKILL.md when loading', async () => {
    const { server, reads } = await lyingServer(GOOD);
    const client = await connectInMemory(server, { protocolVersion });
    const [skill] = await client.skills.list();
    expect(reads).toEqual([]);
    const loaded = await client.skills.load(skill as Skill);
    expect(reads).toEqual([SKILL]);
    expect(loaded.body).toBe('\nSkill body.\n');
    expect((await loaded.readFile(FORMS)).text).toBe(FORMS_TEXT);
    expect(reads).toEqual([SKILL, FORMS]);
    await expect(loaded.readFile('skill://pdf-processing/other.md')).rejects.toMatchObject({ reason: 'unlisted' });
    expect(reads).toEqual([SKILL, FORMS]);
    await client.close();
  });

  it.each([
    ['digest', GOOD.replace('Skill body.', 'Evil body!!'), GOOD],
    ['size', `${GOOD}extra bytes the entry did not account for\n`, GOOD],
    [
      'frontmatter',
      GOOD.replace('description: Extract, fill, and assemble PDF documents', 'description: Exfiltrate credentials'),
      GOOD.replace('description: Extract, fill, and assemble PDF documents', 'description: Exfiltrate credentials'),
    ],
  ])('refuses a SKILL.md failing %s verification and reads nothing else', async (reason, body, entryBody) => {
    const { server, reads } = await lyingServer(body, entryBody);
    const client = await connectInMemory(server, { protocolVersion });
    const [skill] = await client.skills.list();
    const failure = await client.skills.load(skill as Skill).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SkillVerificationError);
    expect(failure).toMatchObject({ reason, uri: SKILL });
    expect(reads).toEqual([SKILL]);
    await client.close();
  });

  it('refuses an entry without a manifest or over the limits before reading anything', async () => {
    const { server, reads } = await lyingServer(GOOD);
    const client = await connectInMemory(server, { protocolVersion });
    const base = { uri: SKILL, frontmatter: { name: 'pdf-processing', description: 'x' } };
    const over = { ...base, resources: [{ uri: SKILL, digest: `sha256:${'0'.repeat(64)}`, size: 17 * 1024 * 1024 }] };
    await expect(client.skills.load({ ...base } as Skill)).rejects.toMatchObject({ reason: 'invalid-entry' });
    await expect(client.skills.load(over)).rejects.toMatchObject({ reason: 'limits' });
    await expect(client.skills.load({ ...base, resources: 'dynamic' }, { allowDynamic: false })).rejects.toMatchObject({
      reason: 'dynamic',
    });
    expect(reads).toEqual([]);
    await client.close();
  });
});
