import type { Session } from '../session/session.js';
import type { Tool } from '../tools/tool.js';
import { markSubagentTool, SubagentManager } from './subagent-manager.js';
import { loopSpecSubagentTools } from './subagent-tools.js';
import type { ChildSessionDefaults } from './subagent-types.js';

/**
 * The tools every session offers on top of its profile's while it may still spawn subagents
 * (`depth < config.maxSubagentDepth`): spawn_agent, send_input, wait and close_agent over a
 * SubagentManager of its own. `defaults` is what children inherit beyond the session's public
 * state (hooks, retry policy, call options). A profile that presents subagents under its reference
 * agent's own names (Claude Code's `Agent`, codex's multi-agent tools) supplies them through
 * `subagentTools`; they are marked so that children never inherit them.
 */
export function defaultSessionTools(session: Session, defaults: ChildSessionDefaults = {}): Tool[] {
  const manager = new SubagentManager(session, defaults);
  const fromProfile = session.profile.subagentTools?.(manager);
  return fromProfile ? fromProfile.map((tool) => markSubagentTool(tool)) : loopSpecSubagentTools(manager);
}
