import type { McpApp } from '@decorum/core';
import { createTestClient, ERAS } from '@decorum/testing';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createTravelApp } from '../src/server.js';
import { checkTravel, createSmokeClient } from '../src/smoke.js';

// The smoke checks, written once and run over each transport.
const apps: McpApp[] = [];
const transports: Record<string, () => Promise<Transport>> = {
  stdio: async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts', '--stdio'],
      cwd: new URL('..', import.meta.url).pathname,
    }),
  'streamable HTTP': async () => {
    const app = createTravelApp();
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    return new StreamableHTTPClientTransport(new URL(String(url)));
  },
};

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.each(Object.keys(transports))('examples/travel over %s with the official client', (name) => {
  it('answers every smoke check', async () => {
    const smoke = createSmokeClient();
    await smoke.client.connect(await (transports[name] as () => Promise<Transport>)());
    try {
      await checkTravel(smoke);
    } finally {
      await smoke.client.close();
    }
  });
});

const ACCEPT = {
  action: 'accept' as const,
  content: { confirm: true, seat: 'window', room: 'double', insurance: false },
};

describe.each(ERAS)('examples/travel in the %s era (@decorum/testing)', (era) => {
  it("lets the client's model choose the flight, or falls back to a rule without sampling", async () => {
    const withModel = await createTestClient(createTravelApp(), { era, onSample: () => 'PX780, the cheap one' });
    const route = JSON.parse((await withModel.readResource('travel://flights/LIS/KEF')).text);
    expect(route.flights.map((f: { flightNumber: string }) => f.flightNumber)).toEqual(['DA776', 'PX780', 'SK784']);
    const chosen = await withModel.callTool('find_best_flight', {
      origin: 'LIS',
      destination: 'KEF',
      priority: 'cheapest',
    });
    expect(chosen).toMatchObject({
      isError: false,
      text: expect.stringMatching(/: PX780 Protocol Express, .*\nWhy \(test-model\): PX780/),
    });
    expect(withModel.inputRequests).toMatchObject([
      {
        method: 'sampling/createMessage',
        params: { maxTokens: 200, systemPrompt: expect.stringMatching(/travel agent/) },
      },
    ]);
    await withModel.close();

    const withoutModel = await createTestClient(createTravelApp(), { era });
    const cheapest = [...route.flights].sort((a, b) => a.priceEur - b.priceEur)[0];
    const ruled = await withoutModel.callTool('find_best_flight', {
      origin: 'LIS',
      destination: 'KEF',
      priority: 'cheapest',
    });
    expect(ruled.text).toMatch(new RegExp(`: ${cheapest.flightNumber} .*\\nChosen by rule`));
    expect(withoutModel.inputRequests).toEqual([]);
    await withoutModel.close();
  });

  it('asks before booking, books exactly once, and tells calendar subscribers', async () => {
    const client = await createTestClient(createTravelApp(), { era, onElicit: () => ACCEPT });
    const sub = await client.subscribe('travel://calendar');
    const result = await client.callTool('book_trip', { flightNumber: 'DA776', date: '2025-05-20', nights: 3 });
    expect(result).toMatchObject({ isError: false, text: expect.stringMatching(/^Booked BK-1001: DA776 LIS → KEF/) });
    await sub.waitFor('notifications/resources/updated');
    // In the modern era the handler ran twice (before and after the answer); the booking happened once.
    expect(JSON.parse((await client.readResource('travel://calendar')).text).upcoming).toMatchObject([
      { bookingId: 'BK-1001', seat: 'window', room: 'double', insurance: false, nights: 3 },
    ]);
    expect(client.inputRequests).toMatchObject([
      {
        method: 'elicitation/create',
        params: {
          requestedSchema: {
            type: 'object',
            properties: {
              confirm: { type: 'boolean' },
              seat: { enum: ['window', 'aisle', 'middle'] },
              room: { enum: ['single', 'double', 'suite'] },
              insurance: { type: 'boolean' },
            },
            required: ['confirm'],
          },
        },
      },
    ]);
    await sub.close();
    await client.close();
  });

  it('books nothing when the user declines', async () => {
    const client = await createTestClient(createTravelApp(), { era, onElicit: () => ({ action: 'decline' }) });
    expect((await client.callTool('book_trip', { flightNumber: 'DA776', date: '2025-05-20', nights: 3 })).text).toBe(
      'Nothing was booked: the user chose to decline.',
    );
    expect(JSON.parse((await client.readResource('travel://calendar')).text).upcoming).toEqual([]);
    await client.close();
  });

  it('adds the loyalty tools at runtime, with a list change', async () => {
    const client = await createTestClient(createTravelApp(), { era, onElicit: () => ACCEPT });
    const sub = await client.listen({ toolsListChanged: true });
    await client.callTool('book_trip', { flightNumber: 'DA776', date: '2025-05-20', nights: 3 });
    expect((await client.callTool('travel_enable_loyalty')).text).toMatch(/^Loyalty programme enabled/);
    await sub.waitFor('notifications/tools/list_changed');
    expect((await client.listTools()).map((t) => t.name)).toContain('travel_loyalty_status');
    const status = (await client.callTool('travel_loyalty_status')).text;
    expect(status).toMatch(/^\d+ points, member tier$/);
    expect(Number.parseInt(status, 10)).toBeGreaterThan(250); // the welcome bonus plus the booking's points
    await sub.close();
    await client.close();
  });

  it('completes destinations and builds the plan-vacation prompt', async () => {
    const client = await createTestClient(createTravelApp(), { era });
    expect(await client.complete({ prompt: 'plan-vacation' }, { name: 'destination', value: 'to' })).toMatchObject({
      values: ['Tokyo'],
    });
    const prompt = await client.getPrompt('plan-vacation', {
      destination: 'Tokyo',
      duration: 'a week',
      budget: '4000 EUR',
      interests: 'culture, food',
    });
    expect(prompt.messages).toHaveLength(3);
    expect(prompt.text).toMatch(/destination NRT/);
    await client.close();
  });
});
