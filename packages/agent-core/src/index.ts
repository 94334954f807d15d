// The schema builder tools are declared with, re-exported so every package uses one TypeBox.
export { type Static, type TSchema, Type } from 'typebox';
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
