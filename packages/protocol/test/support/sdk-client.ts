// Connects the official SDK client (@modelcontextprotocol/sdk 1.32.2) to a transport, optionally
// pinned to an older revision: the SDK always asks for its newest, so a thin transport wrapper
// rewrites the version in the initialize request (what an older client would send).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

export interface ClientRecord {
  logs: { level: string; data: unknown; logger?: string }[];
  updated: string[];
  toolsChanged: number;
  /** Every message the client received, for schema checks. */
  received: unknown[];
  /** Methods of the requests the client sent, by id, to know what each response answers. */
  sentMethods: Map<string | number, string>;
}

export function pinVersion(transport: SdkTransport, version: string | undefined, record: ClientRecord): SdkTransport {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    const m = message as { id?: string | number; method?: string; params?: Record<string, unknown> };
    if (m.id !== undefined && m.method !== undefined) record.sentMethods.set(m.id, m.method);
    if (version !== undefined && m.method === 'initialize') {
      return send({ ...message, params: { ...m.params, protocolVersion: version } } as never, options);
    }
    return send(message, options);
  };
  let wrapped: SdkTransport['onmessage'];
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () =>
      wrapped &&
      ((msg: unknown, extra: unknown) => {
        record.received.push(msg);
        wrapped?.(msg as never, extra as never);
      }),
    set: (handler) => {
      wrapped = handler;
    },
  });
  return transport;
}

/** Creates an SDK client that answers sampling, elicitation and roots, and records notifications. */
export function createSdkClient(): { client: Client; record: ClientRecord } {
  const record: ClientRecord = { logs: [], updated: [], toolsChanged: 0, received: [], sentMethods: new Map() };
  const client = new Client(
    { name: 'sdk-test-client', version: '1.0.0' },
    { capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
    role: 'assistant',
    model: 'test-model',
    content: {
      type: 'text',
      text: `echo:${(request.params.messages[0]?.content as { text?: string } | undefined)?.text}`,
    },
  }));
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { name: 'Ada' } }));
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [{ uri: 'file:///work', name: 'work' }] }));
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
    record.logs.push(n.params);
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    record.updated.push(n.params.uri);
  });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    record.toolsChanged++;
  });
  return { client, record };
}
