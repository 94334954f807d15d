export {
  ANTHROPIC_TOOL_CALL_ID_RULE,
  AnthropicAdapter,
  type AnthropicAdapterOptions,
  type AnthropicProviderOptions,
} from './adapters/anthropic/index.js';
export {
  GeminiAdapter,
  type GeminiAdapterOptions,
  SKIP_SIGNATURE_VALIDATION,
} from './adapters/gemini/index.js';
export {
  OpenAIAdapter,
  type OpenAIAdapterOptions,
  RESPONSES_TOOL_CALL_ID_RULE,
} from './adapters/openai/index.js';
export {
  CHAT_QUIRK_PRESETS,
  type ChatQuirks,
  DEFAULT_CHAT_QUIRKS,
  OpenAICompatibleAdapter,
  type OpenAICompatibleAdapterOptions,
  resolveChatQuirks,
} from './adapters/openai-compatible/index.js';
export type { CallOptions, ProviderAdapter, ToolCallIdRule } from './adapters/provider-adapter.js';
export { type Cost, costOf } from './catalog/cost-of.js';
export { getLatestModel, getModelInfo, listModels, registerModels } from './catalog/model-catalog.js';
export type { ModelCapability, ModelInfo, ModelPrices } from './catalog/model-info.js';
export { Client, type ClientOptions, type FromEnvOptions } from './client/client.js';
export { getDefaultClient, setDefaultClient } from './client/default-client.js';
export type { CompleteNext, Middleware, StreamNext } from './client/middleware.js';
export * from './errors/index.js';
export { generate } from './generate/generate.js';
export { type GenerateObjectOptions, generateObject } from './generate/generate-object.js';
export type { GenerateOptions, TimeoutOptions } from './generate/generate-options.js';
export type { GenerateStreamEvent } from './generate/generate-stream-event.js';
export type { GenerateResult, StepResult } from './generate/step-result.js';
export { stream } from './generate/stream.js';
export { StreamObjectResult, streamObject } from './generate/stream-object.js';
export { StreamResult } from './generate/stream-result.js';
export { defineTool, type Tool, type ToolExecutionContext } from './generate/tool.js';
export { validateJsonSchema } from './generate/validate-json-schema.js';
export { addMissingToolResults, MISSING_RESULT_TEXT } from './history/add-missing-tool-results.js';
export { dropOrphanToolResults } from './history/drop-orphan-tool-results.js';
export { normalizeToolCallIds } from './history/normalize-tool-call-ids.js';
export type { RepairChange, RepairChangeKind, RepairResult } from './history/repair-change.js';
export { type RepairTarget, repairHistory } from './history/repair-history.js';
export { stripForeignSignatures } from './history/strip-foreign-signatures.js';
export { backoffDelayMs } from './retry/backoff-delay.js';
export { type RetryOptions, retry } from './retry/retry.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry/retry-policy.js';
export { StreamAccumulator } from './stream/stream-accumulator.js';
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
export {
  CUSTOM_TOOL_PARAMETERS,
  type CustomToolFormat,
  type JsonSchema,
  type ProviderOptions,
  type ReasoningEffort,
  type Request,
  type ResponseFormat,
  type ToolChoice,
  type ToolDefinition,
} from './types/request.js';
export type { FinishReason, FinishReasonKind, RateLimitInfo, Response, Warning } from './types/response.js';
export type { StreamEvent, StreamEventType } from './types/stream-event.js';
export { addUsage, EMPTY_USAGE, type Usage } from './types/usage.js';
