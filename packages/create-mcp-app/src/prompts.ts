// Line-based questions over readline: a text answer, a choice (by number, name, or the up/down
// arrows, which put the previous/next choice on the line) and a yes/no. An empty answer takes the
// default; Ctrl+C or Ctrl+D cancels with a CANCELLED error.
import { createInterface } from 'node:readline';
import { CreateAppError } from './errors.js';
import type { Colors, Output } from './terminal.js';

/** One option of a `select` question. */
export interface Choice<T extends string> {
  value: T;
  hint?: string;
}

/** Asks questions on a terminal. */
export interface Prompter {
  /** A free answer; an empty one takes `defaultValue`. */
  text(question: string, defaultValue: string): Promise<string>;
  /** One of `choices`, answered by number, by name, or picked with the up/down arrows and Enter. */
  select<T extends string>(question: string, choices: readonly Choice<T>[], defaultValue: T): Promise<T>;
  /** Yes or no. */
  confirm(question: string, defaultValue: boolean): Promise<boolean>;
  /** Says what was wrong with an answer before the question is asked again. */
  warn(message: string): void;
  close(): void;
}

/**
 * A prompter reading answers from `input` (a TTY) and writing questions to `output`.
 * @example
 * const prompter = createPrompter(process.stdin, process.stdout, colors);
 * const name = await prompter.text('Project name', 'my-mcp-server');
 */
export function createPrompter(input: NodeJS.ReadableStream, output: Output, colors: Colors): Prompter {
  // No history: up/down would recall earlier answers (another question's) instead of moving in a menu.
  const rl = createInterface({ input, output: output as NodeJS.WritableStream, terminal: true, historySize: 0 });
  let pending: ((error: Error) => void) | undefined;
  const cancel = () => {
    const reject = pending;
    pending = undefined;
    reject?.(new CreateAppError('CANCELLED', 'Cancelled: nothing was written.'));
  };
  rl.on('SIGINT', () => {
    output.write('\n');
    cancel();
    rl.close();
  });
  rl.on('close', cancel);

  const ask = (question: string, hint: string) =>
    new Promise<string>((resolve, reject) => {
      pending = reject;
      rl.question(`${colors.cyan('?')} ${colors.bold(question)} ${colors.dim(hint)} `, (answer) => {
        pending = undefined;
        resolve(answer.trim());
      });
    });
  const warn = (message: string) => output.write(`  ${colors.yellow(message)}\n`);

  return {
    async text(question, defaultValue) {
      return (await ask(question, `(${defaultValue})`)) || defaultValue;
    },
    async select(question, choices, defaultValue) {
      const width = Math.max(...choices.map((c) => c.value.length));
      output.write(`${colors.cyan('?')} ${colors.bold(question)}\n`);
      choices.forEach((choice, index) => {
        output.write(`  ${index + 1}) ${choice.value.padEnd(width)}  ${colors.dim(choice.hint ?? '')}\n`);
      });
      output.write(`  ${colors.dim('↑/↓ move through the choices, Enter takes the one shown')}\n`);
      // The arrows replace what is typed with the previous/next choice (from the default on, wrapping).
      let at = Math.max(
        0,
        choices.findIndex((c) => c.value === defaultValue),
      );
      const onKey = (_text: string | undefined, key: { name?: string } | undefined) => {
        if (key?.name !== 'up' && key?.name !== 'down') return;
        at = (at + (key.name === 'down' ? 1 : choices.length - 1)) % choices.length;
        rl.write(null, { ctrl: true, name: 'u' }); // clear the line
        rl.write(choices[at]?.value ?? '');
      };
      input.on('keypress', onKey);
      try {
        for (;;) {
          const answer = (await ask(`  Choose 1-${choices.length} or a name`, `(${defaultValue})`)) || defaultValue;
          const byNumber = /^\d+$/.test(answer) ? choices[Number(answer) - 1] : undefined;
          const chosen = byNumber ?? choices.find((c) => c.value === answer.toLowerCase());
          if (chosen !== undefined) return chosen.value;
          warn(`"${answer}" is not one of ${choices.map((c) => c.value).join(', ')}`);
        }
      } finally {
        input.off('keypress', onKey);
      }
    },
    async confirm(question, defaultValue) {
      for (;;) {
        const answer = (await ask(question, defaultValue ? '(Y/n)' : '(y/N)')).toLowerCase();
        if (answer === '') return defaultValue;
        if (['y', 'yes'].includes(answer)) return true;
        if (['n', 'no'].includes(answer)) return false;
        warn('Answer y or n');
      }
    },
    warn,
    close() {
      rl.removeListener('close', cancel);
      rl.close();
    },
  };
}
