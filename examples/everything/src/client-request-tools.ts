// Tools that ask the client something (sampling, elicitation) and the SSE reconnection tool, as the
// legacy (2025-06-18, 2025-11-25) scenarios call them.
import { Arg, type Context, Ctx, Tool } from '@decorum/core';
import { ask, DEFAULTS_SCHEMA, ENUMS_SCHEMA, pause, sampledText } from './fixtures.js';

export class ClientRequestTools {
  @Tool({ name: 'test_sampling', description: 'Tests server-initiated sampling (LLM completion request)' })
  async sampling(
    @Arg('prompt', { description: 'The prompt to send to the LLM' }) prompt: string,
    @Ctx() ctx: Context,
  ): Promise<string> {
    const reply = await ctx.sample(prompt, { maxTokens: 100 });
    return `LLM response: ${sampledText(reply)}`;
  }

  @Tool({ name: 'test_elicitation', description: 'Tests server-initiated elicitation (user input request)' })
  async elicitation(
    @Arg('message', { description: 'The message to show the user' }) message: string,
    @Ctx() ctx: Context,
  ): Promise<string> {
    const schema = ask({ username: 'string', email: 'string' });
    const answer = await ctx.elicit(schema, message);
    const content = answer.action === 'accept' ? answer.data : {};
    return `User response: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  @Tool({
    name: 'test_elicitation_sep1034_defaults',
    description: 'Tests elicitation with default values per SEP-1034',
  })
  async elicitationDefaults(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(DEFAULTS_SCHEMA, 'Please review and update the form fields with defaults');
    const content = answer.action === 'accept' ? answer.data : {};
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  @Tool({
    name: 'test_elicitation_sep1330_enums',
    description: 'Tests elicitation with enum schema improvements per SEP-1330',
  })
  async elicitationEnums(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ENUMS_SCHEMA, 'Please select options from the enum fields');
    const content = answer.action === 'accept' ? answer.data : {};
    return `Elicitation completed: action=${answer.action}, content=${JSON.stringify(content)}`;
  }

  // SEP-1699: the response stream is closed mid-call; the client reconnects with Last-Event-ID and
  // receives the result on the resumed stream. Over stdio there is no stream to close.
  @Tool({
    name: 'test_reconnection',
    description: 'Closes the SSE stream mid-call; the result arrives after the client reconnects (SEP-1699)',
  })
  async reconnection(@Ctx() ctx: Context): Promise<string> {
    ctx.request.closeSseStream();
    await pause(100);
    return 'Reconnection test completed successfully. If you received this, the client properly reconnected after stream closure.';
  }
}
