import { type Class, type Container, McpApp, TypediContainer } from '@decorum/core';
import type { Override, TestClientOptions } from './test-client-options.js';

/** What a test client serves: an app built for it, or one the test built (and keeps owning). */
export interface PreparedApp {
  app: McpApp;
  /** True when the client built the app, and so closes it with itself. */
  owned: boolean;
}

type SettableContainer = Container & { set(token: Class<any>, value: unknown): void };

/**
 * Builds the app from provider classes (a container of its own, named `test-app`), or takes the given
 * one; then puts the DI overrides into its container. Overrides must land before the first request
 * that needs the service: containers build each instance once.
 */
export function prepareApp(target: McpApp | readonly Class[], options: TestClientOptions): PreparedApp {
  if (Array.isArray(target)) {
    const container = options.appOptions?.container ?? new TypediContainer();
    applyOverrides(container, options.overrides);
    const app = new McpApp({
      name: 'test-app',
      version: '0.0.0',
      ...options.appOptions,
      providers: [...(target as readonly Class[])],
      container,
    });
    return { app, owned: true };
  }
  const app = target as McpApp;
  if (options.overrides !== undefined) refuseLateOverrides(app, options.overrides);
  applyOverrides(app.container, options.overrides);
  // The app took its singleton providers from the container when it built its handlers: take them again.
  if (options.overrides !== undefined) app.refresh();
  return { app, owned: false };
}

/**
 * An app builds its providers when it is created, so a fake for one of their dependencies set now
 * would sit in the container unused while the test passes or fails for the wrong reason. Providers
 * themselves can be replaced: the app is refreshed after. Only typedi says what it has built.
 */
function refuseLateOverrides(app: McpApp, overrides: Iterable<Override>): void {
  const container = app.container;
  if (!(container instanceof TypediContainer)) return;
  const manifest = app.manifest;
  const providers = new Set<Class>(
    [manifest.tools, manifest.prompts, manifest.resources, manifest.templates, manifest.completions].flatMap((list) =>
      list.map((entry) => entry.provider),
    ),
  );
  for (const [token] of overrides) {
    if (providers.has(token) || !container.typedi.has(token)) continue;
    throw new Error(
      `Cannot override ${token.name}: the app has already built its providers with the real one. Give ` +
        'createTestClient the provider classes instead of the app (it sets overrides before building), or set ' +
        'the fake on the container before new McpApp(...)',
    );
  }
}

function applyOverrides(container: Container, overrides: Iterable<Override> | undefined): void {
  if (overrides === undefined) return;
  const settable = container as Partial<SettableContainer>;
  if (typeof settable.set !== 'function') {
    throw new TypeError(
      'DI overrides need a container with set(token, value) (TypediContainer and InstanceContainer have one); ' +
        'give the app such a container, or build the fakes into your own',
    );
  }
  for (const [token, value] of overrides) settable.set(token, value);
}
