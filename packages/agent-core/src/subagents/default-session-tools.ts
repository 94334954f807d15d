import type { Session } from '../session/session.js';
import type { Tool } from '../tools/tool.js';

/**
 * The tools every session offers on top of its profile's while it may still spawn subagents
 * (`depth < config.maxSubagentDepth`): spawn_agent, send_input, wait and close_agent, built on
 * the session's public API. A placeholder until the subagent tools land.
 */
export function defaultSessionTools(_session: Session): Tool[] {
  return [];
}
