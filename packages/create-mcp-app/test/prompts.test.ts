// The menu of a select question on a (fake) terminal: number keys, names, and the up/down arrows
// (which used to do nothing visible, or recall an earlier answer).
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createPrompter, type Prompter } from '../src/prompts.js';
import { createColors } from '../src/terminal.js';

const UP = '\u001b[A';
const DOWN = '\u001b[B';
const CHOICES = [{ value: 'basic' }, { value: 'http' }, { value: 'full' }] as const;

let prompter: Prompter | undefined;
afterEach(() => prompter?.close());

function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {} });
  const output = Object.assign(new PassThrough(), { isTTY: true, columns: 80 });
  let screen = '';
  output.on('data', (chunk: Buffer) => {
    screen += chunk.toString();
  });
  prompter?.close();
  prompter = createPrompter(input, output, createColors(output, {}));
  return { input, screen: () => screen };
}

async function choose(keys: string[]): Promise<string> {
  const { input } = terminal();
  const answer = (prompter as Prompter).select('Template', CHOICES, 'basic');
  for (const key of keys) input.write(key);
  return answer;
}

describe('select on a terminal', () => {
  it('down/up move from the default through the choices, wrapping, and Enter takes the one shown', async () => {
    expect(await choose([DOWN, DOWN, '\r'])).toBe('full');
    expect(await choose([DOWN, '\r'])).toBe('http');
    expect(await choose([UP, '\r'])).toBe('full'); // up from the first wraps to the last
    expect(await choose([DOWN, DOWN, DOWN, UP, '\r'])).toBe('full');
  });

  it('keeps number keys, names and Enter for the default', async () => {
    expect(await choose(['2\r'])).toBe('http');
    expect(await choose(['full\r'])).toBe('full');
    expect(await choose(['\r'])).toBe('basic');
  });

  it('says how the arrows work', async () => {
    const { input, screen } = terminal();
    const answer = (prompter as Prompter).select('Template', CHOICES, 'basic');
    input.write('\r');
    await answer;
    expect(screen()).toContain('↑/↓ move through the choices, Enter takes the one shown');
  });
});
