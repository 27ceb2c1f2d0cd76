// Dependency injection: where provider instances come from. Used by docs/dependency-injection.md.
import 'reflect-metadata';
import { type Class, type Container, InstanceContainer, McpApp, Tool, TypediContainer } from '@decorum/core';
import { Service } from 'typedi';

@Service()
export class Clock {
  now(): Date {
    return new Date();
  }
}

@Service()
export class Greeter {
  // typedi reads the constructor's parameter types (decorator metadata) and injects a Clock.
  constructor(private readonly clock: Clock) {}

  @Tool({ description: 'Greets according to the time of day' })
  greet(): string {
    const hour = this.clock.now().getUTCHours();
    return hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening';
  }
}

/** The default: a typedi container of the app's own. */
export function createApp(): McpApp {
  return new McpApp({ name: 'greeter', version: '1.0.0', providers: [Greeter] });
}

/** Replacing a service (a fake clock in tests): set it on the container before the app needs it. */
export function createAppAt(hour: number): McpApp {
  const container = new TypediContainer();
  container.set(Clock, { now: () => new Date(Date.UTC(2025, 0, 1, hour)) });
  return new McpApp({ name: 'greeter', version: '1.0.0', providers: [Greeter], container });
}

/** No DI library: hand over ready-made instances. */
export function createAppWithInstances(): McpApp {
  const container = new InstanceContainer([new Greeter({ now: () => new Date(Date.UTC(2025, 0, 1, 20)) })]);
  return new McpApp({ name: 'greeter', version: '1.0.0', providers: [Greeter], container });
}

/** Any other container: implement `get`. This one builds each class from a factory, once. */
export class FactoryContainer implements Container {
  private readonly instances = new Map<Function, unknown>();

  constructor(private readonly factories: Map<Function, () => unknown>) {}

  get<T>(token: Class<T>): T {
    if (!this.instances.has(token)) {
      const factory = this.factories.get(token);
      if (factory === undefined) throw new Error(`No factory for ${token.name}`);
      this.instances.set(token, factory());
    }
    return this.instances.get(token) as T;
  }
}

export function createAppWithFactories(): McpApp {
  const container = new FactoryContainer(
    new Map([[Greeter, () => new Greeter({ now: () => new Date(Date.UTC(2025, 0, 1, 9)) })]]),
  );
  return new McpApp({ name: 'greeter', version: '1.0.0', providers: [Greeter], container });
}
