/**
 * Subagents (loop spec §7): child sessions a session starts on scoped tasks, as tools. The
 * behaviour (SubagentManager) is separate from the tools that present it, so a profile can offer
 * it under its reference agent's names. See docs/subagents.md.
 */
export { defaultSessionTools } from './default-session-tools.js';
export { formatSubagentResult } from './format-result.js';
export { SubagentError, type SubagentErrorCode } from './subagent-error.js';
export { markSubagentTool, SUBAGENT_INSTRUCTIONS, SubagentManager } from './subagent-manager.js';
export { loopSpecSubagentTools, SUBAGENT_TOOL_NAMES } from './subagent-tools.js';
export type { ChildSessionDefaults, SpawnOptions, SubagentResult, SubagentStatus } from './subagent-types.js';
export { SubdirectoryEnvironment } from './subdirectory-environment.js';
