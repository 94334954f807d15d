// A freeform tool's `format`, so tools can be declared without importing @weft/llm.
export type { CustomToolFormat } from '@weft/llm';
// The schema builder tools are declared with, re-exported so every package uses one TypeBox.
export { type Static, type TSchema, Type } from 'typebox';
export * from './context/index.js';
export {
  EnvironmentError,
  type EnvironmentErrorCode,
  isEnvironmentError,
} from './environment/environment-error.js';
export type {
  ByteRange,
  DirEntry,
  ExecOptions,
  ExecResult,
  ExecutionEnvironment,
  FileStat,
  OutputChunk,
  PathAccess,
  Platform,
  ProcessHandle,
  StartProcessOptions,
} from './environment/execution-environment.js';
export type { SessionEventListener } from './events/event-hub.js';
export type { SessionEvent, SessionEventData, SessionEventKind, StopReason } from './events/session-event.js';
export {
  type CallSignature,
  detectLoop,
  loopWarning,
  recentCallSignatures,
} from './history/loop-detection.js';
export { type ConversionTarget, IMAGE_OMITTED_TEXT, turnToMessages } from './history/to-llm-messages.js';
export { toolCallSignature } from './history/tool-call-signature.js';
export type {
  AssistantTurn,
  SteeringTurn,
  SummaryTurn,
  SystemTurn,
  ToolResultRecord,
  ToolResultsTurn,
  Turn,
  TurnType,
  UserTurn,
} from './history/turn.js';
export type {
  GateDecision,
  SessionHooks,
  ToolCallInfo,
  ToolGateHook,
  ToolPipeHook,
} from './hooks/hook-points.js';
export { cutToolCallMessage, OUTPUT_TRUNCATED_MESSAGE } from './loop/loop-messages.js';
export type {
  ProfileCapabilities,
  ProfileToolsContext,
  ProviderProfile,
  SystemPromptContext,
} from './profile/provider-profile.js';
export * from './prompt/index.js';
export { endsWithQuestion } from './session/ends-with-question.js';
export { type CompactionOutcome, type ResumeOptions, Session } from './session/session.js';
export {
  type CompactionConfig,
  DEFAULT_SESSION_CONFIG,
  resolveSessionConfig,
  type SessionConfig,
} from './session/session-config.js';
export { SessionBusyError, SessionClosedError, StoreWriteError } from './session/session-errors.js';
export type { SessionConfigOverrides, SessionOptions } from './session/session-options.js';
export type { SessionState } from './session/session-state.js';
export type { SubmitResult } from './session/submit-result.js';
export * from './store/index.js';
export {
  type CompactionEntry,
  type EffortChangeEntry,
  type LoadedSession,
  type ModelChangeEntry,
  SESSION_FORMAT_VERSION,
  type SessionEntry,
  type SessionHeader,
  type SessionStore,
  type SessionSummary,
  type TurnEntry,
} from './store/session-store.js';
export * from './subagents/index.js';
export { executeTool } from './tools/execute-tool.js';
export {
  EMPTY_RESULT_TEXT,
  SKIPPED_FOR_ABORT,
  SKIPPED_FOR_STEERING,
  unknownToolMessage,
} from './tools/pipeline/pipeline-messages.js';
export {
  defineTool,
  errorResult,
  FREEFORM_PARAMETERS,
  type FreeformParameters,
  type ImageContent,
  resultText,
  type TextContent,
  type Tool,
  type ToolContent,
  type ToolContext,
  type ToolResult,
  type ToolUpdate,
  textResult,
} from './tools/tool.js';
export { ToolError } from './tools/tool-error.js';
export { ToolRegistry } from './tools/tool-registry.js';
export {
  type ArgumentValidation,
  invalidArgumentsMessage,
  validateArguments,
} from './tools/validate-arguments.js';
// Output truncation for tools (pi-style head/tail) and for the model (loop spec §5); see truncation/index.ts.
export * from './truncation/index.js';
