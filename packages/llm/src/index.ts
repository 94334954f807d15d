export type { CallOptions, ProviderAdapter, ToolCallIdRule } from './adapters/provider-adapter.js';
export * from './errors/index.js';
export {
  type AudioData,
  type ContentKind,
  type ContentPart,
  type DocumentData,
  type ImageData,
  Message,
  type MessageOrigin,
  type Role,
  type ThinkingData,
  type ToolCallData,
  type ToolResultData,
} from './types/content.js';
export type {
  JsonSchema,
  ProviderOptions,
  ReasoningEffort,
  Request,
  ResponseFormat,
  ToolChoice,
  ToolDefinition,
} from './types/request.js';
export type { FinishReason, FinishReasonKind, RateLimitInfo, Response, Warning } from './types/response.js';
export type { StreamEvent, StreamEventType } from './types/stream-event.js';
export { addUsage, EMPTY_USAGE, type Usage } from './types/usage.js';
