import { ErrorCode, McpError } from '../jsonrpc/errors.js';

const PREFIX = 'decorum:';

/** One page of a list, and the cursor of the next page when there is one. */
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}

/**
 * Cuts a page out of a full list. Cursors are opaque to clients (base64 of an offset with a
 * prefix); anything that does not decode to an offset inside the list is rejected with -32602.
 */
export function paginate<T>(items: readonly T[], cursor: unknown, pageSize: number): Page<T> {
  const start = cursor === undefined ? 0 : decodeCursor(cursor, items.length);
  const end = start + pageSize;
  const page: Page<T> = { items: items.slice(start, end) };
  if (end < items.length) page.nextCursor = encodeCursor(end);
  return page;
}

function encodeCursor(offset: number): string {
  return btoa(`${PREFIX}${offset}`);
}

function decodeCursor(cursor: unknown, length: number): number {
  let offset = Number.NaN;
  if (typeof cursor === 'string') {
    try {
      const text = atob(cursor);
      if (text.startsWith(PREFIX) && /^\d{1,9}$/.test(text.slice(PREFIX.length)))
        offset = Number(text.slice(PREFIX.length));
    } catch {
      // not base64: falls through to the error below
    }
  }
  if (!Number.isInteger(offset) || offset <= 0 || offset > length) {
    throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass back a nextCursor from a previous page', {
      cursor,
    });
  }
  return offset;
}
