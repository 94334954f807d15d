import type { ExecutionEnvironment } from '../../environment/execution-environment.js';
import type { SessionEventData, SessionEventKind } from '../../events/session-event.js';
import type { SessionHooks } from '../../hooks/hook-points.js';
import type { Tool } from '../tool.js';
import { ToolRegistry } from '../tool-registry.js';
import type { ToolPipelineContext } from './tool-pipeline-context.js';

export interface RecordedEvent {
  kind: SessionEventKind;
  data: SessionEventData[SessionEventKind];
}

/** A pipeline context over `tools` whose events are recorded; the tools here never touch the environment. */
export function pipelineContext(
  tools: readonly Tool[],
  options: { hooks?: SessionHooks; charLimits?: Record<string, number> } = {},
): { context: ToolPipelineContext; events: RecordedEvent[] } {
  const events: RecordedEvent[] = [];
  return {
    events,
    context: {
      registry: new ToolRegistry(tools),
      env: {} as ExecutionEnvironment,
      hooks: options.hooks ?? {},
      sessionId: 'session-1',
      truncation: options.charLimits ? { charLimits: options.charLimits } : {},
      emit: (kind, data) => {
        events.push({ kind, data });
      },
    },
  };
}
