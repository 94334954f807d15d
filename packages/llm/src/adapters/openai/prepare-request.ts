import { repairHistory } from '../../history/repair-history.js';
import type { Request } from '../../types/request.js';
import type { Warning } from '../../types/response.js';
import type { ToolCallIdRule } from '../provider-adapter.js';

/**
 * History repair, the first step of every request translation: the adapter is the last place
 * that knows what its provider accepts. What the repair changed is reported as warnings on the
 * response, so a caller can log it.
 */
export function repairRequest(
  request: Request,
  provider: string,
  toolCallIdRule: ToolCallIdRule | undefined,
): { request: Request; warnings: Warning[] } {
  const { messages, changes } = repairHistory(request.messages, {
    provider,
    model: request.model,
    ...(toolCallIdRule ? { toolCallIdRule } : {}),
  });
  return {
    request: { ...request, messages },
    warnings: changes.map((change) => ({ code: change.kind, message: change.description })),
  };
}
