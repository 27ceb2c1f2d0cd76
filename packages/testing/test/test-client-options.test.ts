// Option defaults: the era follows the revision, and the capabilities follow the handlers given.
import 'reflect-metadata';
import { type Context, Ctx, Tool } from '@decorum/core';
import { describe, expect, it } from 'vitest';
import { createTestClient, ERAS } from '../src/index.js';
import { deriveCapabilities, resolveOptions } from '../src/test-client-options.js';

class WhoAmI {
  @Tool({ description: 'Tells what the server knows of the client' })
  whoami(@Ctx() ctx: Context): string {
    const { era, protocolVersion, clientInfo, clientCapabilities } = ctx;
    return JSON.stringify({ era, protocolVersion, clientInfo, clientCapabilities });
  }
}

const handlers = {
  onElicit: () => ({ action: 'cancel' as const }),
  onSample: () => 'x',
  roots: [],
};

describe('option defaults', () => {
  it('defaults to the legacy era at its newest revision, and follows an explicit revision', () => {
    expect(resolveOptions({})).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25', capabilities: {} });
    expect(resolveOptions({ era: 'modern' })).toMatchObject({ protocolVersion: '2026-07-28', logLevel: 'debug' });
    expect(resolveOptions({ protocolVersion: '2026-07-28' }).era).toBe('modern');
    expect(resolveOptions({ protocolVersion: '2025-03-26' }).era).toBe('legacy');
  });

  it('declares what the handlers answer, in the terms of the revision', () => {
    expect(deriveCapabilities(handlers, 'legacy', '2025-11-25')).toEqual({
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
    });
    expect(deriveCapabilities(handlers, 'legacy', '2025-06-18').elicitation).toEqual({});
    expect(deriveCapabilities(handlers, 'legacy', '2025-03-26').elicitation).toBeUndefined();
    expect(deriveCapabilities(handlers, 'modern', '2026-07-28').roots).toEqual({});
    expect(deriveCapabilities({}, 'modern', '2026-07-28')).toEqual({});
  });

  it.each(ERAS)('tells the server the same identity and capabilities in the %s era', async (era) => {
    const client = await createTestClient([WhoAmI], {
      era,
      clientInfo: { name: 'me', version: '1' },
      capabilities: { sampling: {} },
    });
    expect(JSON.parse((await client.callTool('whoami')).text)).toEqual({
      era,
      protocolVersion: era === 'modern' ? '2026-07-28' : '2025-11-25',
      clientInfo: { name: 'me', version: '1' },
      clientCapabilities: { sampling: {} },
    });
    await client.close();
  });

  it('negotiates an older legacy revision', async () => {
    const client = await createTestClient([WhoAmI], { protocolVersion: '2025-03-26' });
    expect(client.protocolVersion).toBe('2025-03-26');
    expect(JSON.parse((await client.callTool('whoami')).text).protocolVersion).toBe('2025-03-26');
    await client.close();
  });

  it('rejects a revision the server does not speak (modern)', async () => {
    await expect(createTestClient([WhoAmI], { era: 'modern', protocolVersion: '2099-01-01' })).rejects.toMatchObject({
      code: -32022,
      data: { requested: '2099-01-01' },
    });
  });
});
