import { createTestClient, ERAS } from '@decorum/testing';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

// Each suite runs twice: against a legacy client (up to 2025-11-25) and a modern one (2026-07-28).
describe.each(ERAS)('{{serverName}} (%s era)', (era) => {
  it('greets', async () => {
    const client = await createTestClient(createApp(), { era });
    expect(await client.callTool('greet', { name: 'Ada' })).toMatchObject({ isError: false, text: 'Hello, Ada!' });
    await client.close();
  });

  it('answers bad input with an error the model can act on', async () => {
    const client = await createTestClient(createApp(), { era });
    const result = await client.callTool('greet', { name: 42 });
    expect(result.isError).toBe(true);
    expect(result.text).toContain('name');
    await client.close();
  });

  it('serves its resource and its prompt', async () => {
    const client = await createTestClient(createApp(), { era });
    expect((await client.readResource('app://about')).text).toContain('Decorum');
    expect((await client.getPrompt('explain', { topic: 'MCP' })).text).toBe('Explain MCP in two sentences.');
    await client.close();
  });
});
