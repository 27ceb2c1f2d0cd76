// The hops of one request: the files whose frames are on its call path, from the socket to the tool method and back
// to the socket write. A stack taken at a point shows only the synchronous part of that path; the rest is in the
// promises and callbacks the request went through. While tracing, an async hook records for each such resource the
// stack where it was made (who scheduled the continuation) and, for a promise, the stack where it was resolved (who
// produced the value awaited); `mark()` follows those records back from the current point, so a file counts when it
// caused the point, not when it merely ran during the request (a getter, a leaf helper).
import { createHook, executionAsyncId } from 'node:async_hooks';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the hook saw of one async resource made while tracing. */
interface Resource {
  /** The stack where it was made, and the resource that was running then. */
  readonly made: string;
  readonly madeIn: number;
  /** For a promise reaction, the promise it waits on; for anything else, what Node names as its trigger. */
  readonly trigger: number;
  /** For a promise, the stack where it was resolved, and the resource that was running then. */
  resolved?: string;
  resolvedIn?: number;
}

// `at fn (file:///…:1:2)` or `at file:///…:1:2`: the function's name, if any, and the file's URL.
const FRAME = /^at (?:(.+?) \()?(file:\/\/[^\s)]+?)(?::\d+){0,2}\)?$/;

/** The stack of the caller, all frames (one hop may sit under many frames of Node's). */
function stack(): string {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = Number.POSITIVE_INFINITY;
  const text = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return text;
}

/** Records, while enabled, where each async resource was made and resolved; marks name the files that led there. */
export class HopTracer {
  private readonly resources = new Map<number, Resource>();
  private readonly files = new Map<string, Set<string>>();
  private readonly hook = createHook({
    init: (id, _type, trigger) => {
      this.resources.set(id, { made: stack(), madeIn: executionAsyncId(), trigger });
    },
    promiseResolve: (id) => {
      const resource = this.resources.get(id);
      if (resource === undefined) return;
      resource.resolved = stack();
      resource.resolvedIn = executionAsyncId();
    },
  });

  /** @param root the repository: only files under `packages/<name>/src/` below it count. */
  constructor(private readonly root: string) {}

  start(): void {
    this.resources.clear();
    this.files.clear();
    this.hook.enable();
  }

  stop(): void {
    this.hook.disable();
  }

  /**
   * Adds the files on the path to this point: the stack here, then for the running resource and everything it came
   * from (made in, waiting on, resolved in), the stacks recorded for it. Resources from before `start()` end the walk.
   */
  mark(): void {
    const stacks = [stack()];
    const seen = new Set<number>();
    const queue = [executionAsyncId()];
    while (queue.length > 0) {
      const id = queue.pop() as number;
      const resource = this.resources.get(id);
      if (seen.has(id) || resource === undefined) continue;
      seen.add(id);
      stacks.push(resource.made);
      queue.push(resource.madeIn, resource.trigger);
      if (resource.resolved !== undefined) {
        stacks.push(resource.resolved);
        queue.push(resource.resolvedIn as number);
      }
    }
    for (const text of stacks) {
      for (const [file, name] of this.sourceFrames(text)) {
        const names = this.files.get(file) ?? new Set();
        this.files.set(file, names.add(name));
      }
    }
  }

  /** The distinct source files marked so far, sorted, each with the functions of its frames. */
  get hops(): Map<string, string[]> {
    return new Map([...this.files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([file, names]) => [file, [...names]]));
  }

  /** The frames of a stack in our source files (`packages/<name>/src/…`, relative to the root): [file, function]. */
  sourceFrames(text: string): [string, string][] {
    const frames: [string, string][] = [];
    for (const line of text.split('\n')) {
      const match = FRAME.exec(line.trim());
      if (match === null) continue;
      const path = relative(this.root, fileURLToPath((match[2] as string).replace(/\?.*$/, '')));
      if (/^packages\/[^/]+\/src\//.test(path)) frames.push([path, match[1] ?? '(anonymous)']);
    }
    return frames;
  }
}
