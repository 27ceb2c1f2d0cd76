// The prompts the suite gets, and the completion it asks for.
import { Arg, Complete, type Context, Ctx, embeddedResource, image, Prompt } from '@decorum/core';
import { ask, PNG_BASE64 } from './fixtures.js';

const ARG1_VALUES = ['testValue1', 'test-alpha', 'test-beta', 'other'];

export class TestPrompts {
  @Prompt({ name: 'test_simple_prompt', title: 'Simple Test Prompt', description: 'A simple prompt without arguments' })
  simple(): string {
    return 'This is a simple prompt for testing.';
  }

  @Prompt({
    name: 'test_prompt_with_arguments',
    title: 'Prompt With Arguments',
    description: 'A prompt with required arguments',
  })
  withArguments(
    @Arg('arg1', { description: 'First test argument' }) arg1: string,
    @Arg('arg2', { description: 'Second test argument' }) arg2: string,
  ): string {
    return `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'`;
  }

  @Prompt({
    name: 'test_prompt_with_embedded_resource',
    title: 'Prompt With Embedded Resource',
    description: 'A prompt that includes an embedded resource',
  })
  withEmbeddedResource(@Arg('resourceUri', { description: 'URI of the resource to embed' }) resourceUri: string) {
    return [
      embeddedResource(resourceUri, 'Embedded resource content for testing.', 'text/plain'),
      'Please process the embedded resource above.',
    ];
  }

  @Prompt({
    name: 'test_prompt_with_image',
    title: 'Prompt With Image',
    description: 'A prompt that includes image content',
  })
  withImage() {
    return [image(PNG_BASE64, 'image/png'), 'Please analyze the image above.'];
  }

  // 2026-07-28: prompts/get may answer input_required too (SEP-2322).
  @Prompt({
    name: 'test_input_required_result_prompt',
    description: 'A prompt that asks the user for context before it is built',
  })
  async withInput(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ask({ context: 'string' }), 'What context should the prompt use?');
    return `Prompt with context: ${answer.action === 'accept' ? String(answer.data.context) : '(none)'}`;
  }

  @Complete({ prompt: 'test_prompt_with_arguments', argument: 'arg1' })
  completeArg1(value: string): string[] {
    return ARG1_VALUES.filter((candidate) => candidate.startsWith(value));
  }
}
