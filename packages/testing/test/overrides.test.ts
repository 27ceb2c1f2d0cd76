// DI overrides: replace a service with a fake, whether the client builds the app or is given one.
import { InstanceContainer, McpApp } from '@decorum/core';
import { describe, expect, it } from 'vitest';
import { createTestClient, ERAS, override } from '../src/index.js';
import { Clock, NotesServer, NotesStore } from './fixtures/notes-app.js';

const NOON = new Date(Date.UTC(2025, 0, 1, 12));
const fakeClock = { now: () => NOON };

describe.each(ERAS)('DI overrides, %s era', (era) => {
  it('replaces a service of an app built from providers', async () => {
    const client = await createTestClient([NotesServer], { era, overrides: [override(Clock, fakeClock)] });
    expect((await client.callTool('time')).text).toBe('2025-01-01T12:00:00.000Z');
    await client.close();
  });

  it('takes a Map, and several services', async () => {
    const store = new NotesStore();
    store.notes.set('1', 'fake note');
    const client = await createTestClient([NotesServer], {
      era,
      overrides: new Map<new () => unknown, unknown>([
        [Clock, fakeClock],
        [NotesStore, store],
      ]),
    });
    expect((await client.readResource('notes://note/1')).text).toBe('fake note');
    expect((await client.callTool('time')).text).toBe(NOON.toISOString());
    await client.close();
  });

  it('replaces a provider of a given app, and refuses a dependency the app has already built', async () => {
    const app = new McpApp({ name: 'n', version: '1', providers: [NotesServer] });
    await expect(createTestClient(app, { era, overrides: [override(Clock, fakeClock)] })).rejects.toThrow(
      /Cannot override Clock: the app has already built its providers/,
    );
    const fake = new NotesServer(fakeClock as Clock, new NotesStore());
    const client = await createTestClient(app, { era, overrides: [override(NotesServer, fake)] });
    expect((await client.callTool('time')).text).toBe(NOON.toISOString());
    await client.close();
    await app.close();
  });

  it('puts overrides into appOptions.container', async () => {
    const container = new InstanceContainer();
    const client = await createTestClient([NotesServer], {
      era,
      appOptions: { container },
      overrides: [override(NotesServer, new NotesServer(fakeClock as Clock, new NotesStore()))],
    });
    expect((await client.callTool('time')).text).toBe(NOON.toISOString());
    await client.close();
  });
});

describe('DI overrides without a settable container', () => {
  it('fail at once with what to do', async () => {
    const container = { get: <T>(token: new () => T) => new token() };
    await expect(
      createTestClient([NotesServer], { appOptions: { container }, overrides: [override(Clock, fakeClock)] }),
    ).rejects.toThrow(/container with set\(token, value\)/);
  });
});
