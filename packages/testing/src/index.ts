/**
 * @decorum/testing: an in-memory test client for Decorum apps. The client arrives with its own
 * issue; until then this entry re-exports the in-memory transport pair tests can already use.
 */
export { createLinkedTransports } from '@decorum/protocol';
