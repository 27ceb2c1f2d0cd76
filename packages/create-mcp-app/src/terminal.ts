// Colours and a spinner, without dependencies. Colour only on a TTY, never with NO_COLOR, always
// with FORCE_COLOR; the spinner animates on a TTY and prints plain lines elsewhere (CI logs).

/** An output stream as create-mcp-app uses it (process.stdout, or a fake in tests). */
export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Colour functions; each returns its text unchanged when colour is off. */
export interface Colors {
  enabled: boolean;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/** Whether to colour `stream`: FORCE_COLOR wins, then NO_COLOR (any value) and TERM=dumb turn it off. */
export function colorEnabled(stream: Output, env: NodeJS.ProcessEnv): boolean {
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  if (env.NO_COLOR !== undefined || env.TERM === 'dumb') return false;
  return stream.isTTY === true;
}

/**
 * The colour functions for a stream.
 * @example
 * const c = createColors(process.stdout, process.env);
 * process.stdout.write(`${c.green('✔')} done\n`);
 */
export function createColors(stream: Output, env: NodeJS.ProcessEnv): Colors {
  const enabled = colorEnabled(stream, env);
  const paint = (open: number, close: number) => (text: string) =>
    enabled ? `\u001b[${open}m${text}\u001b[${close}m` : text;
  return {
    enabled,
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    cyan: paint(36, 39),
  };
}

/** A running spinner (or progress line): end it with `succeed` or `fail`. */
export interface Spinner {
  succeed(text: string): void;
  fail(text: string): void;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/**
 * Shows `text` with a spinner and the elapsed seconds on a TTY, or one plain line elsewhere.
 * @example
 * const spinner = startSpinner(process.stdout, colors, 'Installing dependencies');
 * spinner.succeed('Installed dependencies');
 */
export function startSpinner(stream: Output, colors: Colors, text: string): Spinner {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  let timer: NodeJS.Timeout | undefined;
  if (stream.isTTY) {
    let frame = 0;
    const draw = () => {
      stream.write(`\r\u001b[2K${colors.cyan(FRAMES[frame % FRAMES.length] ?? '')} ${text} ${colors.dim(elapsed())}`);
      frame += 1;
    };
    draw();
    timer = setInterval(draw, 80);
    timer.unref(); // never keeps the process alive on its own
  } else {
    stream.write(`${text}…\n`);
  }
  const end = (mark: string, message: string) => {
    if (timer !== undefined) {
      clearInterval(timer);
      stream.write('\r\u001b[2K');
    }
    stream.write(`${mark} ${message} ${colors.dim(`(${elapsed()})`)}\n`);
  };
  return {
    succeed: (message) => end(colors.green('✔'), message),
    fail: (message) => end(colors.red('✖'), message),
  };
}
