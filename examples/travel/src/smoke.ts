// `npm run smoke`: drives the travel server with the official MCP client, over stdio (a child
// process) and over Streamable HTTP (in this process), and fails on any wrong answer. The client
// plays the model (sampling) and the user (elicitation).
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  type ElicitResult,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { createTravelApp } from './server.js';

/** What the smoke client answers; the checks change it between calls. */
export interface Answers {
  /** The "model": given the sampling prompt, returns its reply. */
  sample: (prompt: string) => string;
  /** The "user": the answer to every elicitation. */
  elicit: ElicitResult;
  /** Every elicitation message received. */
  asked: string[];
}

/** Resolves when a notification has arrived `count` times in all. */
type Waiter = (count: number) => Promise<void>;

export interface SmokeClient {
  client: Client;
  answers: Answers;
  calendarUpdated: Waiter;
  toolsChanged: Waiter;
}

/** Counts the notifications of one kind, and lets a check wait for the n-th. */
function counter(): { bump: () => void; wait: Waiter } {
  let seen = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  return {
    bump: () => {
      seen++;
      for (const w of waiting.filter((w) => w.count <= seen)) w.resolve();
    },
    wait: (count) =>
      new Promise<void>((resolve) => {
        if (seen >= count) resolve();
        else waiting.push({ count, resolve });
      }),
  };
}

/** A client with sampling and elicitation that records calendar updates and tool list changes. */
export function createSmokeClient(): SmokeClient {
  const client = new Client(
    { name: 'travel-smoke', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: {} } },
  );
  const answers: Answers = {
    // Picks the last flight listed, so the checks can tell the model's choice from any rule of the server's.
    sample: (prompt) => `${prompt.match(/\b[A-Z]{2}\d{3}\b/g)?.at(-1) ?? 'none'}: it leaves late, so no early start.`,
    elicit: { action: 'accept', content: { confirm: true, seat: 'aisle', room: 'suite', insurance: true } },
    asked: [],
  };
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => {
    const content = request.params.messages[0]?.content as { type: string; text?: string };
    return {
      role: 'assistant',
      content: { type: 'text', text: answers.sample(content.text ?? '') },
      model: 'smoke-model',
      stopReason: 'endTurn',
    };
  });
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    answers.asked.push(request.params.message);
    return answers.elicit;
  });
  const calendar = counter();
  const tools = counter();
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    if (n.params.uri === 'travel://calendar') calendar.bump();
  });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => tools.bump());
  return { client, answers, calendarUpdated: calendar.wait, toolsChanged: tools.wait };
}

const textOf = (result: unknown): string => {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  assert.equal(blocks[0]?.type, 'text');
  return blocks[0]?.text ?? '';
};

async function rejectsWith(promise: Promise<unknown>, code: number, message: RegExp): Promise<void> {
  await assert.rejects(promise, (error: { code?: number; message?: string }) => {
    assert.equal(error.code, code);
    assert.match(error.message ?? '', message);
    return true;
  });
}

/** Every check of the smoke test, against a connected smoke client. */
export async function checkTravel({ client, answers, calendarUpdated, toolsChanged }: SmokeClient): Promise<void> {
  const toolNames = async () => (await client.listTools()).tools.map((t) => t.name);
  assert.deepEqual(await toolNames(), ['book_trip', 'find_best_flight', 'travel_enable_loyalty']);
  const read = async (uri: string) => {
    const [content] = (await client.readResource({ uri })).contents as { mimeType?: string; text: string }[];
    assert.equal(content?.mimeType, 'application/json');
    return JSON.parse(content?.text ?? 'null');
  };

  // Templates, and the past trips their `list` method puts in resources/list.
  assert.deepEqual((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate).sort(), [
    'travel://activities/{city}/{category}',
    'travel://flights/{origin}/{destination}',
    'trips://history/{tripId}',
  ]);
  const resources = (await client.listResources()).resources;
  assert.deepEqual(
    resources.map((r) => r.uri),
    ['travel://calendar', 'trips://history/T2023-LIS', 'trips://history/T2024-NRT', 'trips://history/T2024-KEF'],
  );
  assert.equal(resources[2]?.title, 'Tokyo, 2024-03-28 to 2024-04-09');
  assert.equal(resources[2]?.name, 'past-trip');
  assert.deepEqual((await read('trips://history/T2024-KEF')).highlights, ['Northern lights tour']);
  await rejectsWith(client.readResource({ uri: 'trips://history/T1999-XXX' }), -32002, /No past trip T1999-XXX/);

  const route = await read('travel://flights/CDG/NRT');
  assert.equal(route.flights.length, 3);
  assert.deepEqual(await read('travel://flights/CDG/NRT'), route, 'flights are deterministic');
  await rejectsWith(client.readResource({ uri: 'travel://flights/cdg/NRT' }), -32602, /three-letter IATA/);
  await rejectsWith(client.readResource({ uri: 'travel://flights/CDG/XXX' }), -32002, /No airport XXX/);
  await rejectsWith(client.readResource({ uri: 'travel://flights/CDG/CDG' }), -32602, /the same/);
  assert.deepEqual((await read('travel://activities/Lisbon/food')).activities, ['Pastéis de Belém', 'Time Out Market']);
  assert.deepEqual((await read('travel://activities/New%20York/outdoors')).activities, ['Central Park', 'High Line']);
  await rejectsWith(
    client.readResource({ uri: 'travel://activities/Lisbon/shopping' }),
    -32602,
    /category must be one of/,
  );
  await rejectsWith(client.readResource({ uri: 'travel://activities/Atlantis/food' }), -32002, /No activities/);

  // Completions for every template variable and the prompt's destination.
  const complete = async (
    ref: { type: 'ref/prompt'; name: string } | { type: 'ref/resource'; uri: string },
    name: string,
    value: string,
    context?: Record<string, string>,
  ) =>
    (await client.complete({ ref, argument: { name, value }, ...(context && { context: { arguments: context } }) }))
      .completion.values;
  const flightsRef = { type: 'ref/resource' as const, uri: 'travel://flights/{origin}/{destination}' };
  assert.deepEqual(await complete(flightsRef, 'origin', 'l'), ['LHR', 'LIS']);
  assert.deepEqual(await complete(flightsRef, 'destination', 'l', { origin: 'LIS' }), ['LHR']);
  const activitiesRef = { type: 'ref/resource' as const, uri: 'travel://activities/{city}/{category}' };
  assert.deepEqual(await complete(activitiesRef, 'category', 'n'), ['nightlife']);
  assert.deepEqual(await complete(activitiesRef, 'city', 'new'), ['New York']);
  assert.deepEqual(await complete({ type: 'ref/prompt', name: 'plan-vacation' }, 'destination', 'R'), [
    'Reykjavik',
    'Rome',
  ]);

  // The prompt.
  const [prompt] = (await client.listPrompts()).prompts;
  assert.equal(prompt?.name, 'plan-vacation');
  assert.deepEqual(
    prompt?.arguments?.map((a) => `${a.name}${a.required ? '' : '?'}`),
    ['destination', 'duration', 'budget', 'interests?'],
  );
  const plan = await client.getPrompt({
    name: 'plan-vacation',
    arguments: { destination: 'Lisbon', duration: '5 days', budget: '2000 EUR', interests: 'food, beaches' },
  });
  assert.equal(plan.messages.length, 2);
  const [planText, planResource] = plan.messages.map((m) => m.content) as unknown as [
    { text: string },
    { resource: { uri: string } },
  ];
  assert.match(planText.text, /^Plan a vacation in Lisbon: 5 days, on a budget of 2000 EUR\./);
  assert.match(planText.text, /destination LIS/);
  assert.equal(planResource.resource.uri, 'travel://activities/Lisbon/food');
  await rejectsWith(
    client.getPrompt({ name: 'plan-vacation', arguments: { destination: 'Lisbon' } }),
    -32602,
    /duration/,
  );

  // find_best_flight: the model's choice wins; an answer naming no flight is an error the model can fix.
  const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });
  const last = route.flights[2];
  const best = textOf(await call('find_best_flight', { origin: 'CDG', destination: 'NRT', priority: 'fastest' }));
  assert.match(
    best,
    new RegExp(`^Best fastest flight CDG \\(Paris\\) → NRT \\(Tokyo\\): ${last.flightNumber} ${last.airline}`),
  );
  assert.match(best, new RegExp(`Why \\(smoke-model\\): ${last.flightNumber}: it leaves late`));
  const sample = answers.sample;
  answers.sample = () => 'The train, honestly.';
  const confused = await call('find_best_flight', { origin: 'CDG', destination: 'NRT' });
  answers.sample = sample;
  assert.equal(confused.isError, true);
  assert.match(textOf(confused), /^The model's answer names none of the flights/);

  // book_trip: the user confirms, picks seat and room; the calendar's subscribers hear about it.
  const calendarBefore = (await read('travel://calendar')).upcoming.length;
  await client.subscribeResource({ uri: 'travel://calendar' });
  const booked = textOf(await call('book_trip', { flightNumber: last.flightNumber, date: '2025-09-01', nights: 4 }));
  const total = last.priceEur + 4 * 260 + 35;
  assert.match(
    booked,
    new RegExp(
      `^Booked BK-\\d+: ${last.flightNumber} CDG → NRT on 2025-09-01, aisle seat; 4 nights in a suite room in Tokyo; insurance included. Total €${total}.$`,
    ),
  );
  assert.match(
    answers.asked.at(-1) ?? '',
    new RegExp(`^Book ${last.flightNumber} .* on 2025-09-01, with 4 nights in Tokyo\\?$`),
  );
  await calendarUpdated(1);
  const calendar = (await read('travel://calendar')).upcoming;
  assert.equal(calendar.length, calendarBefore + 1);
  assert.ok(
    calendar.some(
      (b: { flightNumber: string; seat: string; room: string; totalEur: number }) =>
        b.flightNumber === last.flightNumber && b.seat === 'aisle' && b.room === 'suite' && b.totalEur === total,
    ),
  );
  answers.elicit = { action: 'decline' };
  assert.equal(
    textOf(await call('book_trip', { flightNumber: last.flightNumber, date: '2025-10-01', nights: 2 })),
    'Nothing was booked: the user chose to decline.',
  );
  answers.elicit = { action: 'accept', content: { confirm: false } };
  assert.equal(
    textOf(await call('book_trip', { flightNumber: last.flightNumber, date: '2025-10-01', nights: 2 })),
    'Nothing was booked: the user did not confirm.',
  );
  assert.equal((await read('travel://calendar')).upcoming.length, calendarBefore + 1);
  await client.unsubscribeResource({ uri: 'travel://calendar' });
  const unknown = await call('book_trip', { flightNumber: 'ZZ999', date: '2025-10-01', nights: 2 });
  assert.equal(unknown.isError, true);
  assert.equal(textOf(unknown), 'No flight ZZ999; find one with find_best_flight.');

  // Tools at runtime: enrolling adds the loyalty tools, and the client hears that the list changed.
  assert.match(textOf(await call('travel_enable_loyalty')), /^Loyalty programme enabled/);
  await toolsChanged(1);
  assert.deepEqual(await toolNames(), [
    'book_trip',
    'find_best_flight',
    'travel_enable_loyalty',
    'travel_loyalty_redeem',
    'travel_loyalty_status',
  ]);
  assert.match(textOf(await call('travel_loyalty_status')), /^\d+ points, (member|silver|gold) tier$/);
  assert.match(
    textOf(await call('travel_loyalty_redeem', { points: 200 })),
    /^Voucher VOUCHER-001-200 worth €20; \d+ points left$/,
  );
  const tooMany = await call('travel_loyalty_redeem', { points: 1_000_000 });
  assert.equal(tooMany.isError, true);
  assert.match(textOf(tooMany), /^Only \d+ points available$/);
  assert.equal(textOf(await call('travel_enable_loyalty')), 'Loyalty programme already enabled.');
}

async function smoke(label: string, transport: Transport): Promise<void> {
  const smokeClient = createSmokeClient();
  const started = performance.now();
  await smokeClient.client.connect(transport);
  try {
    await checkTravel(smokeClient);
  } finally {
    await smokeClient.client.close();
  }
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

// Run when executed as a program (vitest imports checkTravel instead).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await smoke(
    'stdio',
    new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        new URL('./server.ts', import.meta.url).pathname,
        '--stdio',
      ],
      stderr: 'inherit',
    }),
  );
  const app = createTravelApp();
  const { url } = await app.listen({ http: { port: 0 } });
  try {
    await smoke(`http ${url}`, new StreamableHTTPClientTransport(new URL(String(url))));
  } finally {
    await app.close();
  }
}
