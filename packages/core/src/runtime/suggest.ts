// "Did you mean": the known name closest to an unknown one, so a model that misspelt a tool, prompt
// or resource can correct itself from the error alone.

/** Edit distance (insertions, deletions, substitutions; a swap of neighbours counts one). */
function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j] + 1, d[i * cols + j - 1] + 1, d[(i - 1) * cols + j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2] + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1] as number;
}

/** The closest of `known` to `name`, if close enough to be a slip (case ignored); else undefined. */
export function closest(name: string, known: Iterable<string>): string | undefined {
  const lower = name.toLowerCase();
  const limit = Math.max(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    // The distance is at least the length difference: a far longer name (a 1 MB URI) is no slip,
    // and measuring it would cost length x length.
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const d = distance(lower, candidate.toLowerCase());
    if (d < bestDistance && d <= limit) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * The message for a name nothing serves: `Unknown tool: serch. Did you mean "search"?`, or without
 * the question when nothing is close. `what` is the message's start (`Unknown tool`).
 */
export function unknownName(what: string, name: string, known: Iterable<string>): string {
  const match = closest(name, known);
  const shown = echoed(name);
  return match === undefined ? `${what}: ${shown}` : `${what}: ${shown}. Did you mean "${match}"?`;
}

/** The most characters of a caller's input an error repeats. */
export const MAX_ECHO_CHARS = 128;

/**
 * Caller input as an error repeats it: bounded, so a 1 MB name cannot make a 1 MB error.
 * @example echoed('x'.repeat(1e6)) // 'xxx…xxx… (1000000 characters)'
 */
export function echoed(input: string): string {
  return input.length <= MAX_ECHO_CHARS ? input : `${input.slice(0, MAX_ECHO_CHARS)}… (${input.length} characters)`;
}
