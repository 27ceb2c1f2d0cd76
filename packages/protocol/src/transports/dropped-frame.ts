// A frame over the size limit is dropped unread, but the request it answered should not wait for a timeout: the id
// of a JSON-RPC response is at one of its ends in practice (`{"jsonrpc":"2.0","id":3,"result":…}` as Decorum writes
// it, `{"result":…,"jsonrpc":"2.0","id":3}` as the official SDKs do), so the kept ends of the frame usually say it.
import type { RequestId } from '../jsonrpc/types.js';
import type { DroppedLine } from './line-reader.js';

const ID = String.raw`"id"\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,128}")`;
const JSONRPC = String.raw`(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?`;
// The id before the result or error: `{"jsonrpc":"2.0","id":3,"result"` (or without jsonrpc, or jsonrpc after).
const ID_FIRST = new RegExp(String.raw`^\s*\{\s*${JSONRPC}${ID}\s*,\s*${JSONRPC}"(?:result|error)"\s*:`);
// A response that starts with its result or error …
const RESULT_FIRST = new RegExp(String.raw`^\s*\{\s*${JSONRPC}"(?:result|error)"\s*:`);
// … and ends with its id: the last member of the outermost object.
const ID_LAST = new RegExp(String.raw`,\s*${ID}\s*\}\s*$`);

/**
 * The id of the response a dropped frame held, when its ends show it as one (a request, a notification, or a
 * frame whose ends do not say give undefined).
 */
export function droppedResponseId({ head, tail }: DroppedLine): RequestId | undefined {
  const first = ID_FIRST.exec(head);
  if (first !== null) return parseId(first[1] as string);
  if (!RESULT_FIRST.test(head)) return undefined;
  const last = ID_LAST.exec(tail);
  return last === null ? undefined : parseId(last[1] as string);
}

function parseId(text: string): RequestId | undefined {
  try {
    const id = JSON.parse(text) as unknown;
    return typeof id === 'number' || typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}
