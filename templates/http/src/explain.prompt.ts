import { Arg, Prompt } from '@decorum/core';

export class ExplainPrompt {
  @Prompt({ description: 'Asks the model to explain a topic briefly' })
  explain(@Arg('topic', { description: 'What to explain' }) topic: string): string {
    return `Explain ${topic} in two sentences.`; // a string becomes one user message
  }
}
