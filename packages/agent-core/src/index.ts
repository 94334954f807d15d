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
} from './environment/execution-environment.js';
export type { SessionEvent, SessionEventData, SessionEventKind, StopReason } from './events/session-event.js';
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
export type {
  ProfileCapabilities,
  ProviderProfile,
  SystemPromptContext,
} from './profile/provider-profile.js';
export * from './prompt/index.js';
export {
  type CompactionConfig,
  DEFAULT_SESSION_CONFIG,
  resolveSessionConfig,
  type SessionConfig,
} from './session/session-config.js';
export type { SessionState } from './session/session-state.js';
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
  defineTool,
  errorResult,
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
export {
  type ArgumentValidation,
  invalidArgumentsMessage,
  validateArguments,
} from './tools/validate-arguments.js';
// Output truncation for tools (pi-style head/tail) and for the model (loop spec §5); see truncation/index.ts.
export * from './truncation/index.js';
