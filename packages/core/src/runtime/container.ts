import { ContainerInstance, Container as TypediGlobal } from 'typedi';
import { DecoratorMetadataError } from '../errors.js';
import type { Class } from '../metadata/types.js';

/**
 * What Decorum needs of a dependency-injection container: an instance per provider class. Plug in
 * any container (tsyringe, inversify, your own map) by implementing `get`.
 */
export interface Container {
  get<T>(token: Class<T>): T;
  /**
   * Whether `get(token)` always returns the same instance (`'singleton'`): then the app takes the
   * instance once, when it builds its handlers, instead of asking on every call. Leave it out, or
   * answer `'transient'`, for tokens whose instance may change between calls (per-request scopes).
   */
  lifetime?(token: Class): 'singleton' | 'transient';
}

type ServiceRecord = { transient?: boolean } | undefined;
/** typedi's own lookup (not in its typings): the record a token was registered with, if any. */
const serviceOf = (container: ContainerInstance, token: Class): ServiceRecord =>
  (container as unknown as { findService(id: unknown): ServiceRecord }).findService(token);

/**
 * The default container: a typedi container of this app's own (two apps in one process never
 * share instances). `@Service()` classes get their constructor dependencies injected; a class
 * without `@Service()` and without constructor parameters is created with `new`.
 */
export class TypediContainer implements Container {
  readonly typedi: ContainerInstance;

  constructor(typedi?: ContainerInstance) {
    // A fresh instance, not Container.of(id): that one is kept in typedi's registry for good. Outside the registry the
    // id is only a label, so no random one: the first `crypto` access loads Web Crypto, some ms of every cold start.
    this.typedi = typedi ?? new ContainerInstance('decorum-app');
  }

  get<T>(token: Class<T>): T {
    if (this.typedi.has(token)) return this.typedi.get(token);
    // typedi reads a @Service()'s constructor parameter types from the metadata; without it, it passes nothing.
    const service = serviceOf(this.typedi, token) ?? serviceOf(TypediGlobal.of(), token);
    if (service !== undefined && token.length > 0 && Reflect.getMetadata?.('design:paramtypes', token) === undefined) {
      throw new DecoratorMetadataError(`${token.name}'s constructor`, 'its parameters are injected by their types');
    }
    try {
      return this.typedi.get(token);
    } catch (error) {
      if (token.length > 0) throw error;
      const instance = new token();
      this.typedi.set({ id: token, value: instance });
      return instance;
    }
  }

  /** Singleton, unless the class is registered `@Service({ transient: true })`. */
  lifetime(token: Class): 'singleton' | 'transient' {
    const service = serviceOf(this.typedi, token) ?? serviceOf(TypediGlobal.of(), token);
    return service?.transient === true ? 'transient' : 'singleton';
  }

  /** Replaces a service with another instance (a fake in tests). */
  set<T>(token: Class<T>, value: T): void {
    this.typedi.set({ id: token, value });
  }
}

/** A container over ready-made instances, for apps that wire their own objects. */
export class InstanceContainer implements Container {
  private readonly instances = new Map<Function, unknown>();

  constructor(instances: readonly object[] = []) {
    for (const instance of instances) this.instances.set(instance.constructor, instance);
  }

  get<T>(token: Class<T>): T {
    let instance = this.instances.get(token) as T | undefined;
    if (instance === undefined) {
      instance = new token();
      this.instances.set(token, instance);
    }
    return instance;
  }

  /** Always the same instance per class. */
  lifetime(): 'singleton' {
    return 'singleton';
  }

  set<T>(token: Class<T>, value: T): void {
    this.instances.set(token, value);
  }
}
