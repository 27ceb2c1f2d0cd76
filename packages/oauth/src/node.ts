// @decorum/oauth/node: the Node-only parts (the SSRF-guarded metadata document fetcher, the Redis store).
export { type NodeDocumentFetcherOptions, nodeDocumentFetcher } from './node/document-fetcher.js';
export { isPrivateAddress, privateAddresses } from './node/private-address.js';
export { RedisOAuthStore, type RedisOAuthStoreOptions } from './store/redis-oauth-store.js';
