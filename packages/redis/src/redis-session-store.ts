import type { StoredSession } from '@decorum/protocol';
import type { SessionChange, SessionStore } from '@decorum/protocol/scale-out';
import type { RedisConnection } from './redis-connection.js';

/** Options of {@link RedisSessionStore}. */
export interface RedisSessionStoreOptions {
  /** Prefix of every key. Default `decorum:`. */
  keyPrefix?: string;
  /** A session unused this long is forgotten, in seconds (refreshed on every save and load). Default 1 day. */
  ttlSeconds?: number;
}

// One change, atomically: refused for a deleted session (its tombstone), fields set one by one
// (HSET), subscriptions added and removed (SADD/SREM), the revision raised (to Redis's clock in µs
// at least, so it keeps growing across a restart that lost the data), the expiries refreshed;
// the whole session as it now stands is the answer. A session saved by an older version (one JSON
// string under the same key) is converted first. A change to a session Redis does not have (expired,
// or lost with its data) writes nothing, so no half session is ever stored: the caller writes it whole.
const UPDATE = `
if redis.call('EXISTS', KEYS[3]) == 1 then return false end
if redis.call('TYPE', KEYS[1]).ok == 'string' then
  local old = cjson.decode(redis.call('GET', KEYS[1]))
  redis.call('DEL', KEYS[1])
  for _, uri in ipairs(old.state.subscriptions or {}) do redis.call('SADD', KEYS[2], uri) end
  old.state.subscriptions = nil
  for field, value in pairs(old.state) do redis.call('HSET', KEYS[1], field, cjson.encode(value)) end
  if old.owner then redis.call('HSET', KEYS[1], 'owner', cjson.encode(old.owner)) end
end
if ARGV[2] ~= '1' and redis.call('EXISTS', KEYS[1]) == 0 then return {'missing'} end
local fields = cjson.decode(ARGV[3])
for i = 1, #fields, 2 do redis.call('HSET', KEYS[1], fields[i], fields[i + 1]) end
local add = cjson.decode(ARGV[4])
for _, uri in ipairs(add) do redis.call('SADD', KEYS[2], uri) end
local remove = cjson.decode(ARGV[5])
for _, uri in ipairs(remove) do redis.call('SREM', KEYS[2], uri) end
local now = redis.call('TIME')
local rev = math.max((tonumber(redis.call('HGET', KEYS[1], 'rev')) or 0) + 1, now[1] * 1000000 + now[2])
redis.call('HSET', KEYS[1], 'rev', string.format('%.0f', rev))
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return {redis.call('HGETALL', KEYS[1]), redis.call('SMEMBERS', KEYS[2])}
`;

// A load refreshes the expiries; a deleted or unknown session is false.
const GET = `
if redis.call('EXISTS', KEYS[3]) == 1 then return false end
local kind = redis.call('TYPE', KEYS[1]).ok
if kind == 'string' then
  redis.call('EXPIRE', KEYS[1], ARGV[1])
  return {'legacy', redis.call('GET', KEYS[1])}
end
if kind ~= 'hash' then return false end
redis.call('EXPIRE', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[1])
return {redis.call('HGETALL', KEYS[1]), redis.call('SMEMBERS', KEYS[2])}
`;

// The tombstone outlives any copy: it lasts as long as the session could have.
const DELETE = `
redis.call('DEL', KEYS[1], KEYS[2])
redis.call('SET', KEYS[3], '1', 'EX', ARGV[1])
`;

const FIELDS = new Set(['protocolVersion', 'clientInfo', 'clientCapabilities', 'logLevel']);

function decode(reply: unknown): StoredSession | undefined {
  if (!Array.isArray(reply)) return undefined;
  const [hash, members] = reply as [unknown, unknown];
  if (hash === 'legacy') return JSON.parse(members as string) as StoredSession;
  if (hash === 'missing') return { state: { protocolVersion: '', clientCapabilities: {}, subscriptions: [] } };
  const flat = hash as string[];
  const state: Record<string, unknown> = { subscriptions: [...(members as string[])].sort() };
  const stored: StoredSession = { state: state as unknown as StoredSession['state'] };
  for (let i = 0; i < flat.length; i += 2) {
    const field = flat[i] as string;
    const value = flat[i + 1] as string;
    if (field === 'rev') stored.revision = Number(value);
    else if (field === 'owner') stored.owner = JSON.parse(value) as string;
    else if (FIELDS.has(field)) state[field] = JSON.parse(value);
  }
  state.clientCapabilities ??= {};
  return stored;
}

/**
 * The {@link SessionStore} of several instances: each legacy session's state as a hash at
 * `<prefix>session:<id>` (protocol version, client capabilities and info, log level, owner, each a
 * JSON field, and a revision) and its subscriptions as a set at `<prefix>session:<id>:subs`, so two
 * instances changing one session at once both keep their change. A DELETE leaves a tombstone at
 * `<prefix>session:<id>:deleted` for `ttlSeconds`, so no instance restores or revives the session.
 * @example
 * const sessions = new RedisSessionStore(new RedisConnection({ url: 'redis://127.0.0.1:6379' }));
 * new StreamableHttpHandler(server, { scaleOut: createScaleOut({ sessionStore: sessions }) }); // @decorum/protocol/scale-out
 */
export class RedisSessionStore implements SessionStore {
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(
    private readonly redis: RedisConnection,
    options: RedisSessionStoreOptions = {},
  ) {
    this.prefix = `${options.keyPrefix ?? 'decorum:'}session:`;
    this.ttlSeconds = options.ttlSeconds ?? 24 * 3600;
  }

  private keys(sessionId: string): string[] {
    const key = this.prefix + sessionId;
    return [key, `${key}:subs`, `${key}:deleted`];
  }

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const reply = await this.redis.run('load session', (client) =>
      client.eval(GET, { keys: this.keys(sessionId), arguments: [String(this.ttlSeconds)] }),
    );
    return decode(reply);
  }

  async update(sessionId: string, change: SessionChange, create = false): Promise<StoredSession | undefined> {
    const fields: string[] = [];
    for (const [field, value] of Object.entries(change.fields ?? {})) {
      if (value !== undefined) fields.push(field, JSON.stringify(value));
    }
    const args = [
      String(this.ttlSeconds),
      create ? '1' : '0',
      JSON.stringify(fields),
      JSON.stringify(change.subscribe ?? []),
      JSON.stringify(change.unsubscribe ?? []),
    ];
    const reply = await this.redis.run('save session', (client) =>
      client.eval(UPDATE, { keys: this.keys(sessionId), arguments: args }),
    );
    return decode(reply);
  }

  /** Replaces the whole session (a migration, a test); instances serving it use `update`. */
  async set(sessionId: string, session: StoredSession): Promise<void> {
    const { subscriptions, ...fields } = session.state;
    await this.redis.run('save session', (client) => client.del(this.keys(sessionId).slice(0, 2)));
    await this.update(sessionId, { fields: { ...fields, owner: session.owner }, subscribe: subscriptions }, true);
  }

  /** Refreshes the expiry of a session in use (an instance serving it from its copy calls it now and then). */
  async touch(sessionId: string): Promise<void> {
    const [hash, subs] = this.keys(sessionId) as [string, string];
    await this.redis.run('touch session', (client) =>
      client.multi().expire(hash, this.ttlSeconds).expire(subs, this.ttlSeconds).exec(),
    );
  }

  async delete(sessionId: string): Promise<void> {
    await this.redis.run('delete session', (client) =>
      client.eval(DELETE, { keys: this.keys(sessionId), arguments: [String(this.ttlSeconds)] }),
    );
  }
}
