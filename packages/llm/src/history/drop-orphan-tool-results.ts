import type { ContentPart, Message } from '../types/content.js';
import type { RepairChange, RepairResult } from './repair-change.js';

/**
 * Removes tool results that answer nothing. A result belongs to the calls of the latest assistant
 * message before it; a result whose id is not among them (a call from an older turn, a call that
 * was edited away, a result placed before its call) or that repeats an id already answered is
 * dropped, because every provider rejects such a result. A tool message left empty is removed.
 * Only `tool`-role messages carry results; other roles are left alone.
 */
export function dropOrphanToolResults(messages: readonly Message[]): RepairResult {
  const changes: RepairChange[] = [];
  const repaired: Message[] = [];
  let openCalls = new Set<string>();
  const answered = new Set<string>();

  for (const message of messages) {
    if (message.role === 'assistant') {
      openCalls = new Set(
        message.content.flatMap((part) => (part.kind === 'tool_call' ? [part.toolCall.id] : [])),
      );
      answered.clear();
      repaired.push(message);
      continue;
    }
    if (message.role !== 'tool') {
      repaired.push(message);
      continue;
    }
    let dropped = false;
    const content = message.content.filter((part: ContentPart) => {
      if (part.kind !== 'tool_result') return true;
      const id = part.toolResult.toolCallId;
      const messageIndex = repaired.length;
      if (!openCalls.has(id)) {
        changes.push({
          kind: 'orphan_tool_result_dropped',
          messageIndex,
          toolCallId: id,
          description: `Dropped a result for ${id}: the assistant turn before it made no such call.`,
        });
        dropped = true;
        return false;
      }
      if (answered.has(id)) {
        changes.push({
          kind: 'duplicate_tool_result_dropped',
          messageIndex,
          toolCallId: id,
          description: `Dropped a second result for ${id}; the first one is kept.`,
        });
        dropped = true;
        return false;
      }
      answered.add(id);
      return true;
    });
    if (!dropped) repaired.push(message);
    else if (content.length > 0) repaired.push({ ...message, content });
  }
  return { messages: repaired, changes };
}
