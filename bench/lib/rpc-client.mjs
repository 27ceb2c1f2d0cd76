// A minimal JSON-RPC client over any "send a message / receive messages" pair: used over
// in-memory transports (objects) and over stdio (NDJSON).
export class RpcClient {
  #nextId = 1;
  #pending = new Map();

  /** @param {(message: object) => void} send */
  constructor(send) {
    this.send = send;
  }

  /** Feed every received message here. */
  receive(message) {
    const resolve = this.#pending.get(message.id);
    if (resolve === undefined) return; // notifications, or server→client requests we ignore
    this.#pending.delete(message.id);
    resolve(message);
  }

  request(method, params) {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, resolve);
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method, params) {
    this.send(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  }

  /** Every page of a list method (servers may paginate; Decorum does by default, 100 a page). */
  async listAll(method, key) {
    const items = [];
    let cursor;
    do {
      const answer = await this.request(method, cursor === undefined ? {} : { cursor });
      if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
      items.push(...answer.result[key]);
      cursor = answer.result.nextCursor;
    } while (cursor !== undefined);
    return items;
  }
}
