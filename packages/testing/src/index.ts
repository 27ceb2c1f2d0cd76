/**
 * @decorum/testing: an in-memory MCP client for testing Decorum apps in both protocol eras, with no
 * test-runner plugin. It answers elicitation, sampling and roots with your handlers, captures
 * notifications, logs and progress, and renders tools for snapshot tests.
 * @example
 * const client = await createTestClient([WeatherServer], { era: 'modern' });
 * expect((await client.callTool('weather_current', { location: 'Paris' })).text).toMatch(/Paris/);
 * await client.close();
 */
export { createLinkedTransports } from '@decorum/protocol';
export type { PreparedApp } from './app-target.js';
export type { LogMessage, ProgressUpdate, RequestOptions, ServerDescription } from './client-session.js';
export type { InputRequestRecord } from './input-answers.js';
export { NotificationLog, type NotificationMatch, type ReceivedNotification } from './notification-log.js';
export type {
  CompletionRef,
  CompletionResult,
  PromptResult,
  ResourceContents,
  ResourceReadResult,
  ToolCallResult,
} from './results.js';
export { createTestClient, TestClient } from './test-client.js';
export {
  type CreateMessageAnswer,
  type CreateMessageParams,
  type ElicitAnswer,
  type ElicitHandler,
  type ElicitRequestParams,
  ERAS,
  type Era,
  type Override,
  override,
  type Root,
  type SampleHandler,
  type TestClientOptions,
} from './test-client-options.js';
export { TestSubscription } from './test-subscription.js';
export { type TaskSnapshot, type TaskWaitOptions, TestTask } from './test-task.js';
export { renderToolsSnapshot } from './tools-snapshot.js';
