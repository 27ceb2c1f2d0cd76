// A three-round 2026-07-28 call (two input_required rounds, then the result), each round sent to
// another instance: the requestState signed by one must verify on the next.
import { modernPost, responseMessage } from '../../packages/protocol/test/support/raw-http.js';

const TOOL = 'test_input_required_result_multi_round';

/** How a multi-round call went: the final text, or where and how it failed. */
export interface MultiRound {
  ok: boolean;
  detail: string;
}

/** Runs the call's rounds on `urls[0]`, `urls[1]`, `urls[2]` in turn. */
export async function multiRound(urls: string[], id: number): Promise<MultiRound> {
  const answers = [{ name: 'Ada' }, { color: 'teal' }];
  let params: Record<string, unknown> = { name: TOOL, arguments: {} };
  for (let round = 0; round < 3; round++) {
    const url = urls[round % urls.length] as string;
    const message = await responseMessage(await modernPost(url, id + round, 'tools/call', params), id + round);
    if (message.error !== undefined)
      return { ok: false, detail: `round ${round + 1} on ${url}: ${JSON.stringify(message.error)}` };
    const result = message.result as Record<string, any>;
    if (round === 2 || result.resultType !== 'input_required') {
      const text = result.content?.[0]?.text as string | undefined;
      const ok = round === 2 && text === 'Multi-round complete for Ada who likes teal';
      return {
        ok,
        detail: ok ? (text as string) : `round ${round + 1} on ${url}: ${JSON.stringify(result).slice(0, 300)}`,
      };
    }
    const [key] = Object.keys(result.inputRequests as object);
    params = {
      name: TOOL,
      arguments: {},
      inputResponses: { [key as string]: { action: 'accept', content: answers[round] } },
      requestState: result.requestState,
    };
  }
  return { ok: false, detail: 'unreachable' };
}
