/**
 * The cancellation state of one inbound request, with its `AbortSignal` made only when something
 * asks for it. Most requests never look at their signal, and on Node 20 an `AbortController` costs
 * more than the rest of a small request's dispatch. A request cancelled before anyone looked gets
 * an already-aborted signal, with the same reason, on first access.
 * @example
 * const cancellation = new Cancellation();
 * cancellation.abort(new Error('stop'));
 * cancellation.signal.aborted; // true
 */
export class Cancellation {
  private controller?: AbortController;
  private abortedWith?: { reason: unknown };

  /** True once {@link abort} was called. Reading it makes no signal. */
  get aborted(): boolean {
    return this.abortedWith !== undefined;
  }

  /** The request's signal, created on first access (already aborted if the request was cancelled). */
  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abortedWith !== undefined) this.controller.abort(this.abortedWith.reason);
    }
    return this.controller.signal;
  }

  /** Cancels the request; the first reason wins, as with an `AbortController`. */
  abort(reason: unknown): void {
    if (this.abortedWith !== undefined) return;
    this.abortedWith = { reason };
    this.controller?.abort(reason);
  }
}
