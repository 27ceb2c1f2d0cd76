// Keeps one instance's copy of a shared session and the session store in step: what changes here
// is written field by field (after any write in progress, so writes keep their order), and what
// another instance wrote is taken in when it is newer, with the changes not yet written on top.
import type { StoredSession } from '../engine/session-state.js';
import type { HttpSession } from '../http/http-session.js';
import { applySessionChange, type SessionChange, type SessionStore } from './session-store.js';

const FIELDS = ['protocolVersion', 'clientInfo', 'clientCapabilities', 'logLevel'] as const;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** What turns `base` into `now`: the fields that differ and the subscriptions added or removed. */
export function diffSessions(base: StoredSession | undefined, now: StoredSession): SessionChange | undefined {
  const fields: NonNullable<SessionChange['fields']> = {};
  let changed = false;
  for (const field of FIELDS) {
    const value = now.state[field];
    if (value !== undefined && !same(base?.state[field], value)) {
      (fields as Record<string, unknown>)[field] = value;
      changed = true;
    }
  }
  if (now.owner !== undefined && base?.owner !== now.owner) {
    fields.owner = now.owner;
    changed = true;
  }
  const before = new Set(base?.state.subscriptions ?? []);
  const after = new Set(now.state.subscriptions);
  const subscribe = [...after].filter((uri) => !before.has(uri));
  const unsubscribe = [...before].filter((uri) => !after.has(uri));
  if (!changed && subscribe.length === 0 && unsubscribe.length === 0) return undefined;
  const change: SessionChange = {};
  if (changed) change.fields = fields;
  if (subscribe.length > 0) change.subscribe = subscribe;
  if (unsubscribe.length > 0) change.unsubscribe = unsubscribe;
  return change;
}

/** What a {@link SessionSync} tells its registry. */
export interface SessionSyncHooks {
  /** A write landed: tell the instances holding copies (a failure there is theirs to log). */
  written(stored: StoredSession): Promise<void>;
  /** The store says the session was deleted (on another instance): this copy must end. */
  deleted(): void;
  /** A write failed; the change stays pending and goes with the next write. */
  failed(error: unknown): void;
}

/** The store side of one session held by this instance. */
/** How often a session served from its copy keeps its stored record from expiring, at most. */
const TOUCH_EVERY_MS = 60_000;

export class SessionSync {
  private writing: Promise<void> = Promise.resolve();
  private busy = 0;
  /** When the stored record was last read, written or touched. */
  private touchedAt = Date.now();

  constructor(
    private readonly id: string,
    private readonly transport: HttpSession,
    private readonly store: SessionStore,
    private readonly hooks: SessionSyncHooks,
    /** The session as last stored (undefined: a new session, never written). */
    private base?: StoredSession,
  ) {}

  /** A request is served from this copy: the stored record's expiry is refreshed now and then. */
  used(now: number): void {
    if (now - this.touchedAt < TOUCH_EVERY_MS || this.store.touch === undefined) return;
    this.touchedAt = now;
    this.store.touch(this.id).catch((error: unknown) => this.hooks.failed(error));
  }

  /** The session changed on this instance: writes what changed, after any write in progress. */
  changed(): void {
    this.busy++;
    this.writing = this.writing
      .then(() => this.write())
      .catch((error: unknown) => this.hooks.failed(error))
      .finally(() => {
        this.busy--;
      });
  }

  /**
   * Writes the whole session again (the store lost it); a deleted session is not revived: its copy
   * ends (the `deleted` hook). Resolves once done; a failure is reported like any write's.
   */
  async rewrite(): Promise<void> {
    this.base = undefined;
    this.changed();
    await this.writing;
  }

  /** Resolves once every change made so far was written; false when one could not be. */
  async durable(): Promise<boolean> {
    await this.writing;
    return diffSessions(this.base, this.current()) === undefined;
  }

  /** The writes in progress, if any (a reply waits for them, so the next request sees its effect). */
  settled(): Promise<void> | undefined {
    return this.busy > 0 ? this.writing : undefined;
  }

  /**
   * A state heard from another instance (taken when newer than what this copy last saw) or read from
   * the store (`fromStore`: taken), with the changes made here and not yet written kept on top of it.
   */
  arrived(stored: StoredSession, fromStore = false): void {
    const known = this.base?.revision;
    // What the store itself answers is the truth, even below a revision seen before it lost its data.
    if (!fromStore && known !== undefined && (stored.revision ?? 0) <= known) return;
    const pending = diffSessions(this.base, this.current());
    const merged = pending ? applySessionChange(stored, pending) : stored;
    this.transport.session?.restore(merged.state);
    this.transport.owner = merged.owner;
    this.base = stored;
  }

  private current(): StoredSession {
    const state = this.transport.session?.snapshot() ?? {
      protocolVersion: '',
      clientCapabilities: {},
      subscriptions: [],
    };
    return { state, owner: this.transport.owner };
  }

  private async write(): Promise<void> {
    const change = diffSessions(this.base, this.current());
    if (change === undefined) return;
    let stored = await this.store.update(this.id, change, this.base === undefined);
    // The store no longer had the session (expired, or lost with its data): write all of it again.
    if (stored !== undefined && !stored.state.protocolVersion) {
      stored = await this.store.update(this.id, diffSessions(undefined, this.current()) ?? {}, true);
      if (stored !== undefined && !stored.state.protocolVersion) throw new Error('the session store wrote no session');
    }
    if (stored === undefined) {
      this.hooks.deleted();
      return;
    }
    this.touchedAt = Date.now();
    this.arrived(stored, true);
    await this.hooks.written(stored);
  }
}
