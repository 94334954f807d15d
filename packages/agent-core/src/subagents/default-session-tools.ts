import type { Session } from '../session/session.js';
import type { Tool } from '../tools/tool.js';
import { SubagentManager } from './subagent-manager.js';
import { loopSpecSubagentTools } from './subagent-tools.js';
import type { ChildSessionDefaults } from './subagent-types.js';

/**
 * The tools every session offers on top of its profile's while it may still spawn subagents
 * (`depth < config.maxSubagentDepth`): spawn_agent, send_input, wait and close_agent over a
 * SubagentManager of its own. `defaults` is what children inherit beyond the session's public
 * state (hooks, retry policy, call options).
 */
export function defaultSessionTools(session: Session, defaults: ChildSessionDefaults = {}): Tool[] {
  return loopSpecSubagentTools(new SubagentManager(session, defaults));
}
