/**
 * @decorum/redis: runs one Decorum server as many instances behind a load balancer, coordinated
 * through Redis. One option does it all:
 * @example
 * import { redisScaleOut } from '@decorum/redis';
 * await app.listen({ http: { port: 3000, scaleOut: redisScaleOut('redis://127.0.0.1:6379') } });
 */
export { RedisConfigurationError, RedisUnavailableError } from './errors.js';
export { RedisConnection, type RedisConnectionOptions, type RedisLogger, redactUrl } from './redis-connection.js';
export { RedisEventStore, type RedisEventStoreOptions } from './redis-event-store.js';
export { RedisNotificationBus, type RedisNotificationBusOptions } from './redis-notification-bus.js';
export { RedisRequestStateKeys, type RedisRequestStateKeysOptions } from './redis-request-state-keys.js';
export { type RedisScaleOut, type RedisScaleOutOptions, redisScaleOut } from './redis-scale-out.js';
export { RedisSessionStore, type RedisSessionStoreOptions } from './redis-session-store.js';
export { RedisTaskStore, type RedisTaskStoreOptions } from './redis-task-store.js';
