import type { ToolCallIdRule } from '../provider-adapter.js';

/**
 * What the Messages API accepts as a `tool_use.id` (it answers anything else with
 * "String should match pattern '^[a-zA-Z0-9_-]+$'"). The API documents no length cap; 64 keeps
 * rewritten ids short and matches the tool-name limit, and every id the API issues fits.
 */
export const ANTHROPIC_TOOL_CALL_ID_RULE: ToolCallIdRule = {
  pattern: /^[a-zA-Z0-9_-]+$/,
  maxLength: 64,
};
