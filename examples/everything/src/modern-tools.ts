// The fixtures of the 2026-07-28 scenarios: capability checks, multi-round-trip (input_required)
// tools, the streaming and logging probes, and the hooks that change the tool and prompt lists.
// Each handler is written once, the Decorum way: it asks with ctx.elicit/sample/listRoots, and the
// engine answers input_required to 2026-07-28 clients (running the handler again on the retry) and
// sends real requests to legacy ones.
import { type Context, Ctx, type McpApp, Tool } from '@decorum/core';
import { Service } from 'typedi';
import { ask, pause, sampledText } from './fixtures.js';

/** Tells connected clients and listen streams that a list changed; attached to the app once built. */
@Service()
export class ListChanges {
  private app: McpApp | undefined;

  attach(app: McpApp): void {
    this.app = app;
  }

  notify(kind: 'tools' | 'prompts'): void {
    this.app?.server.notifyListChanged(kind);
  }
}

@Service()
export class ModernTools {
  constructor(private readonly changes: ListChanges) {}

  @Tool({ name: 'test_missing_capability', description: 'Needs sampling: clients without it get -32021' })
  async missingCapability(@Ctx() ctx: Context): Promise<string> {
    await ctx.sample('Say "ok".', { maxTokens: 10 });
    return 'Success';
  }

  @Tool({ name: 'test_input_required_result_elicitation', description: 'Asks the user for their name' })
  async inputElicitation(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ask({ name: 'string' }), 'What is your name?', { key: 'user_name' });
    return answer.action === 'accept' ? `Hello, ${String(answer.data.name)}!` : `No name given (${answer.action})`;
  }

  @Tool({ name: 'test_input_required_result_sampling', description: "Asks the client's model a question" })
  async inputSampling(@Ctx() ctx: Context): Promise<string> {
    const reply = await ctx.sample('What is the capital of France?', { maxTokens: 100 });
    return `Sampling result: ${sampledText(reply)}`;
  }

  @Tool({ name: 'test_input_required_result_list_roots', description: "Counts the client's roots" })
  async inputListRoots(@Ctx() ctx: Context): Promise<string> {
    const roots = await ctx.listRoots();
    return `Found ${roots.length} root(s)`;
  }

  @Tool({
    name: 'test_input_required_result_request_state',
    description: 'Asks for a confirmation; the engine carries the answer in requestState',
  })
  async inputRequestState(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ask({ ok: 'boolean' }), 'Please confirm');
    return answer.action === 'accept' && answer.data.ok === true
      ? 'state-ok: requestState validated'
      : `not confirmed (${answer.action})`;
  }

  // The three questions are awaited together, so a 2026-07-28 client gets them in one input_required.
  @Tool({
    name: 'test_input_required_result_multiple_inputs',
    description: 'Asks for a name, a sampled greeting and the roots at once',
  })
  async inputMultiple(@Ctx() ctx: Context): Promise<string> {
    const [name, greeting, roots] = await Promise.all([
      ctx.elicit(ask({ name: 'string' }), 'What is your name?'),
      ctx.sample('Generate a greeting', { maxTokens: 50 }),
      ctx.listRoots(),
    ]);
    const who = name.action === 'accept' ? String(name.data.name) : 'unknown';
    return `Name: ${who}; Greeting: ${sampledText(greeting, 'Hello there!')}; Roots: ${roots.length}`;
  }

  // Asked one after the other: a 2026-07-28 client answers the first, then gets the second.
  @Tool({ name: 'test_input_required_result_multi_round', description: 'Asks two questions in two rounds' })
  async inputMultiRound(@Ctx() ctx: Context): Promise<string> {
    const name = await ctx.elicit(ask({ name: 'string' }), 'Step 1: What is your name?');
    const color = await ctx.elicit(ask({ color: 'string' }), 'Step 2: What is your favorite color?');
    const who = name.action === 'accept' ? String(name.data.name) : 'friend';
    const likes = color.action === 'accept' ? String(color.data.color) : 'nothing';
    return `Multi-round complete for ${who} who likes ${likes}`;
  }

  @Tool({
    name: 'test_input_required_result_tampered_state',
    description: 'Asks for a confirmation; a tampered requestState is refused by the engine',
  })
  async inputTamperedState(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ask({ ok: 'boolean' }), 'Please confirm');
    return `integrity-ok: state verified (${answer.action})`;
  }

  @Tool({
    name: 'test_input_required_result_capabilities',
    description: 'Asks only for what the client declared it can answer',
  })
  async inputCapabilities(@Ctx() ctx: Context): Promise<string> {
    const caps = ctx.clientCapabilities;
    const asked: Promise<string>[] = [];
    if (caps.elicitation !== undefined) {
      asked.push(ctx.elicit(ask({ value: 'string' }), 'Elicitation input').then(() => 'elicitation'));
    }
    if (caps.sampling !== undefined) {
      asked.push(ctx.sample('Sample request', { maxTokens: 50 }).then(() => 'sampling'));
    }
    if (asked.length === 0) return 'No supported capabilities declared';
    return `capabilities-ok: received ${(await Promise.all(asked)).join(',')}`;
  }

  // Progress, then a question: a 2026-07-28 client must get the question as input_required on the
  // response stream, never as an elicitation/create request of the server's own.
  @Tool({ name: 'test_streaming_elicitation', description: 'Reports progress, then asks a question' })
  async streamingElicitation(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(50, 100, 'half way');
    const answer = await ctx.elicit(ask({ ok: 'boolean' }), 'Continue streaming?');
    return `Streaming complete (${answer.action})`;
  }

  @Tool({ name: 'test_logging_tool', description: 'Logs at info level (sent only to clients that asked for logs)' })
  async loggingTool(@Ctx() ctx: Context): Promise<string> {
    await ctx.log.info('Diagnostic trace logging activated');
    await pause(10);
    return 'Logging evaluated';
  }

  @Tool({ name: 'test_trigger_tool_change', description: 'Tells clients that the tool list changed' })
  triggerToolChange(): string {
    this.changes.notify('tools');
    return 'Tool list change announced';
  }

  @Tool({ name: 'test_trigger_prompt_change', description: 'Tells clients that the prompt list changed' })
  triggerPromptChange(): string {
    this.changes.notify('prompts');
    return 'Prompt list change announced';
  }
}
