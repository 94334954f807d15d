export { type AnthropicProfileOptions, createAnthropicProfile } from './anthropic/anthropic-profile.js';
export { buildAnthropicPrompt } from './anthropic/anthropic-prompt.js';
export {
  AGENT_MODEL_ALIASES,
  type AgentModelAlias,
  createAgentTool,
  createSendMessageTool,
} from './anthropic/tools/agent-tools.js';
export { BASH_DEFAULT_TIMEOUT_MS, BASH_MAX_TIMEOUT_MS, createBashTool } from './anthropic/tools/bash-tool.js';
export { createEditTool } from './anthropic/tools/edit-tool.js';
export { createGlobTool } from './anthropic/tools/glob-tool.js';
export { createGrepTool, GREP_DEFAULT_HEAD_LIMIT } from './anthropic/tools/grep-tool.js';
export { createReadTool, READ_MAX_FILE_BYTES, READ_MAX_OUTPUT_TOKENS } from './anthropic/tools/read-tool.js';
export { createTaskOutputTool, createTaskStopTool } from './anthropic/tools/task-tools.js';
export { createTodoWriteTool, type TodoItem } from './anthropic/tools/todo-write-tool.js';
export { createWriteTool } from './anthropic/tools/write-tool.js';
export {
  createGeminiProfile,
  GEMINI_DEFAULT_COMMAND_TIMEOUT_MS,
  type GeminiProfileOptions,
} from './gemini/gemini-profile.js';
export { buildGeminiPrompt } from './gemini/gemini-prompt.js';
export {
  createListBackgroundProcessesTool,
  createReadBackgroundOutputTool,
} from './gemini/tools/background-tools.js';
export { createGeminiGlobTool } from './gemini/tools/glob-tool.js';
export { createGrepSearchTool, GREP_SEARCH_DEFAULT_MAX_MATCHES } from './gemini/tools/grep-search-tool.js';
export { createInvokeAgentTool } from './gemini/tools/invoke-agent-tool.js';
export { createListDirectoryTool } from './gemini/tools/list-directory-tool.js';
export { createGeminiReadFileTool } from './gemini/tools/read-file-tool.js';
export { createReplaceTool } from './gemini/tools/replace-tool.js';
export {
  createRunShellCommandTool,
  SHELL_INACTIVITY_TIMEOUT_MS,
} from './gemini/tools/run-shell-command-tool.js';
export { createGeminiWriteFileTool } from './gemini/tools/write-file-tool.js';
export { createWriteTodosTool, type GeminiTodo } from './gemini/tools/write-todos-tool.js';
export { createGenericProfile, type GenericProfileOptions } from './generic/generic-profile.js';
export { buildGenericPrompt } from './generic/generic-prompt.js';
export {
  approxTokens,
  formatExecOutput,
  formatUnifiedExecOutput,
  truncateMiddle,
} from './openai/exec-output.js';
export { createOpenAIProfile, type OpenAIProfileOptions } from './openai/openai-profile.js';
export { buildOpenAIPrompt } from './openai/openai-prompt.js';
export {
  createApplyPatchTool,
  createFreeformApplyPatchTool,
  usesFreeformApplyPatch,
} from './openai/tools/apply-patch-tool.js';
export { createListDirTool } from './openai/tools/list-dir-tool.js';
export { createMultiAgentTools, WAIT_AGENT_DEFAULT_TIMEOUT_MS } from './openai/tools/multi-agent-tools.js';
export { createReadFileTool } from './openai/tools/read-file-tool.js';
export {
  createShellCommandTool,
  SHELL_COMMAND_DEFAULT_TIMEOUT_MS,
} from './openai/tools/shell-command-tool.js';
export { createExecCommandTool, createWriteStdinTool } from './openai/tools/unified-exec-tools.js';
export { createUpdatePlanTool, type PlanStep } from './openai/tools/update-plan-tool.js';
export { createViewImageTool } from './openai/tools/view-image-tool.js';
export { type ProfileOptions, resolveCapabilities } from './shared/capabilities.js';
export { lookupModelFacts, type ModelFacts, UNKNOWN_MODEL_FACTS } from './shared/model-facts.js';
export type { ProfileToolLimits } from './shared/tool-limits.js';
export type { ProfileProviderOptions, WeftProfile } from './shared/weft-profile.js';
