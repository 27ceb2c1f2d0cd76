import { createTestClient, ERAS, override } from '@decorum/testing';
import { describe, expect, it } from 'vitest';
import { createApp, providers } from '../src/app.js';
import { Clock } from '../src/clock.service.js';

// A fixed clock replaces the real one through DI: every service that asks for Clock gets this one.
const fixedClock = override(Clock, { now: () => new Date('2025-06-01T10:00:00Z') });

// Each suite runs twice: against a legacy client (up to 2025-11-25) and a modern one (2026-07-28).
describe.each(ERAS)('{{serverName}} (%s era)', (era) => {
  const connect = () => createTestClient(providers, { era, overrides: [fixedClock] });

  it('adds a note and finds it again', async () => {
    const client = await connect();
    const added = await client.callTool('add_note', { title: 'Groceries', body: 'Milk and eggs', tags: ['home'] });
    expect(added).toMatchObject({ isError: false, structuredContent: { id: '2', uri: 'notes://note/2' } });
    const found = await client.callTool('search_notes', { query: 'milk' });
    expect(found.text).toBe('#2 Groceries [home]');
    await client.close();
  });

  it('checks arguments against the DTO', async () => {
    const client = await connect();
    const result = await client.callTool('search_notes', { query: 'x', limit: 500 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('limit');
    await client.close();
  });

  it('serves the index, each note through the template, and completes note ids', async () => {
    const client = await connect();
    expect(JSON.parse((await client.readResource('notes://index')).text)).toEqual({
      notes: [{ id: '1', title: 'Welcome', tags: ['intro'] }],
    });
    expect((await client.readResource('notes://note/1')).text).toContain('created 2025-06-01T10:00:00.000Z');
    // The error code of a missing resource depends on the protocol revision: assert on the message.
    await expect(client.readResource('notes://note/99')).rejects.toThrow('No note with id "99"');
    expect(await client.complete({ resource: 'notes://note/{id}' }, { name: 'id', value: '' })).toMatchObject({
      values: ['1'],
    });
    await client.close();
  });

  it('serves a skill that names only its own tools, every file verified', async () => {
    const client = await createTestClient(createApp(), { era });
    const [skill] = await client.skills.list();
    expect(skill?.uri).toBe('skill://note-taking/SKILL.md');
    const loaded = await client.skills.load(skill as NonNullable<typeof skill>);
    const tools = (await client.listTools()).map((t) => t.name);
    for (const [, name] of loaded.body.matchAll(/`([a-z]+_[a-z_]+)`/g)) expect(tools).toContain(name);
    await client.close();
  });

  it('builds the summary prompt and completes its style', async () => {
    const client = await connect();
    const prompt = await client.getPrompt('summarize-note', { id: '1', style: 'one sentence' });
    expect(prompt.text).toContain('Summarize the note "Welcome" as one sentence.');
    const styles = await client.complete({ prompt: 'summarize-note' }, { name: 'style', value: 'one' });
    expect(styles.values).toEqual(['one paragraph', 'one sentence']);
    await client.close();
  });
});
