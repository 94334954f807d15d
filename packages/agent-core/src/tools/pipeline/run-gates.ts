import type { ToolCallInfo, ToolGateHook } from '../../hooks/hook-points.js';
import type { Tool } from '../tool.js';
import { invalidArgumentsMessage, validateArguments } from '../validate-arguments.js';
import { gateFailedMessage } from './pipeline-messages.js';

export type GateOutcome =
  | { allowed: true; arguments: Record<string, unknown> }
  | { allowed: false; reason: string };

/**
 * Runs the gate hooks in order (the first block wins). A rewrite replaces the arguments for the
 * gates after it and for the tool, and is validated like the model's own arguments, so a hook
 * cannot hand a tool input its schema forbids. A gate that throws blocks the call.
 */
export async function runGates(
  gates: readonly ToolGateHook[],
  tool: Tool,
  call: ToolCallInfo,
  signal: AbortSignal,
): Promise<GateOutcome> {
  let args = call.arguments;
  for (const gate of gates) {
    let decision: Awaited<ReturnType<ToolGateHook>>;
    try {
      decision = await gate({ ...call, arguments: args }, signal);
    } catch (error) {
      return { allowed: false, reason: gateFailedMessage(tool.name, error) };
    }
    if (decision.action === 'block') return { allowed: false, reason: decision.reason };
    if (decision.action === 'rewrite') {
      const validation = validateArguments(tool.parameters, decision.arguments);
      if (!validation.ok) {
        return { allowed: false, reason: invalidArgumentsMessage(tool.name, validation.problems) };
      }
      args = validation.value as Record<string, unknown>;
    }
  }
  return { allowed: true, arguments: args };
}
