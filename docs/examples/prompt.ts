// @Prompt: a message template the user picks in the client. Used by docs/prompt.md.
import 'reflect-metadata';
import { Arg, Args, Field, McpApp, Prompt } from '@decorum/core';
import { IsIn, IsOptional, IsString } from 'class-validator';

export class ReviewArgs {
  @Field({ description: 'The code to review' }) @IsString() code!: string;

  @Field({ description: 'What to focus on' })
  @IsOptional()
  @IsIn(['bugs', 'style', 'performance'])
  focus: string = 'bugs';
}

export class Prompts {
  // A string becomes one user message.
  @Prompt({ description: 'Explain a topic briefly' })
  explain(@Arg('topic', { description: 'What to explain' }) topic: string): string {
    return `Explain ${topic} in two sentences.`;
  }

  // Several messages: strings and { role, content } objects, in order.
  @Prompt({ name: 'code_review', title: 'Code review', description: 'Ask for a review of some code' })
  review(@Args() args: ReviewArgs) {
    return [
      { role: 'assistant', content: `I will review your code for ${args.focus}.` },
      `Please review this code:\n\n${args.code}`,
    ];
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'prompts', version: '1.0.0', providers: [Prompts] });
}
