import type { SubagentResult } from './subagent-types.js';

/** A subagent's result as the parent model reads it: one status line, then its last answer. */
export function formatSubagentResult(result: SubagentResult): string {
  const turns = `${result.turnsUsed} ${result.turnsUsed === 1 ? 'turn' : 'turns'}`;
  const head = `Agent ${result.agentId}: ${statusLine(result, turns)}`;
  return result.output === '' ? head : `${head}\n\n${result.output}`;
}

function statusLine(result: SubagentResult, turns: string): string {
  const error = result.error ? ` (${result.error})` : '';
  switch (result.status) {
    case 'running':
      return `still running after ${turns}.`;
    case 'completed':
      return `completed in ${turns}.`;
    case 'failed':
      return `failed after ${turns}, stopped by ${result.stopReason ?? 'an error'}${error}.`;
    case 'closed':
      return `closed after ${turns}.`;
  }
}
