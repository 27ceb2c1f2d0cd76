// The main-thread side of the dev hooks (loader/dev-hooks.mjs): installs them for the project's
// folder and asks them to mark changed files, and the modules importing them, for re-evaluation.
import { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';

/** What an invalidation marked: module URLs to load again at `generation`. */
export interface Invalidation {
  generation: number;
  dirty: string[];
}

/** Versioned module loading for one project. */
export class ModuleReloader {
  private readonly port: MessagePort;
  private nextId = 0;

  /** Installs the dev hooks; modules under `root` (outside node_modules) become reloadable. */
  constructor(root: string) {
    const { port1, port2 } = new MessageChannel();
    const rootUrl = pathToFileURL(root.endsWith('/') ? root : `${root}/`).href;
    register('@decorum/cli/dev-hooks', import.meta.url, {
      data: { root: rootUrl, port: port2 },
      transferList: [port2],
    });
    this.port = port1;
    this.port.unref();
  }

  /** Marks `files` (absolute paths) and their importers dirty; resolves once the hooks have done so. */
  invalidate(files: readonly string[]): Promise<Invalidation> {
    const id = ++this.nextId;
    const urls = files.map((file) => pathToFileURL(file).href);
    return new Promise((resolve) => {
      const onMessage = (message: Invalidation & { id: number }) => {
        if (message.id !== id) return;
        this.port.off('message', onMessage);
        this.port.unref();
        resolve({ generation: message.generation, dirty: message.dirty });
      };
      this.port.on('message', onMessage);
      this.port.postMessage({ type: 'invalidate', id, urls });
    });
  }

  close(): void {
    this.port.close();
  }
}
