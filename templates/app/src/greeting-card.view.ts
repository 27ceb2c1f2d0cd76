import { readFile } from 'node:fs/promises';
import { UiResource } from '@decorum/core';

// `decorum build` and `decorum dev` bundle ui/card.html (with the TypeScript and CSS it imports) into
// the one self-contained dist/ui/card.html read here; the path works from src/ and from dist/.
const bundle = new URL('../dist/ui/card.html', import.meta.url);

export class GreetingCard {
  @UiResource('ui://greeting/card.html', {
    name: 'greeting-card',
    title: 'Greeting card',
    description: 'Shows a greeting; its button shouts it',
    prefersBorder: true,
  })
  async card(): Promise<string> {
    try {
      return await readFile(bundle, 'utf8');
    } catch {
      throw new Error('dist/ui/card.html is missing: run `npm run build` (or `npm run dev`, which builds the views)');
    }
  }
}
