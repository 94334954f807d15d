import { Message, type ToolCallData } from '../types/content.js';
import type { RepairChange, RepairResult } from './repair-change.js';

/** The result text for a call that never got one. Says what happened, so the model can retry it. */
export const MISSING_RESULT_TEXT =
  'No result was recorded for this tool call (the run was interrupted before it finished). Call the tool again if you still need its result.';

/**
 * Makes every assistant tool call answered, with its result directly after the call. For each
 * assistant message with calls, the results found before the next assistant message (a user may
 * have typed between a call and its result) are moved to sit right after it, one tool message per
 * result, in call order, and a call with no result gets a synthetic error result
 * ({@link MISSING_RESULT_TEXT}). Providers require exactly this: Anthropic the results in the next
 * message, OpenAI an output for each call, Gemini as many responses as calls.
 *
 * Results that match no call of that turn are left where they are (dropOrphanToolResults removes
 * them); run it first.
 */
export function addMissingToolResults(messages: readonly Message[]): RepairResult {
  const changes: RepairChange[] = [];
  const repaired: Message[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i]!;
    i++;
    repaired.push(message);
    const calls = message.role === 'assistant' ? Message.toolCalls(message) : [];
    if (calls.length === 0) continue;

    // The window: everything up to the next assistant message.
    let end = i;
    while (end < messages.length && messages[end]!.role !== 'assistant') end++;
    const window = messages.slice(i, end);
    i = end;

    const placed = placeResults(calls, window);
    for (const call of placed.missing) {
      changes.push({
        kind: 'synthetic_tool_result_added',
        messageIndex: repaired.length - 1,
        toolCallId: call.id,
        description: `Added an error result for ${call.name} (${call.id}): no result was recorded.`,
      });
    }
    if (placed.moved) {
      changes.push({
        kind: 'tool_results_reordered',
        messageIndex: repaired.length - 1,
        description: 'Moved tool results to follow their calls directly, in call order.',
      });
    }
    repaired.push(...placed.messages);
  }
  return { messages: repaired, changes };
}

interface Placement {
  messages: Message[];
  missing: ToolCallData[];
  moved: boolean;
}

function placeResults(calls: readonly ToolCallData[], window: readonly Message[]): Placement {
  const ids = new Set(calls.map((call) => call.id));
  const found = new Map<string, Message>();
  const rest: Message[] = [];
  for (const message of window) {
    if (message.role !== 'tool') {
      rest.push(message);
      continue;
    }
    const kept = message.content.filter((part) => {
      if (part.kind !== 'tool_result' || !ids.has(part.toolResult.toolCallId)) return true;
      const id = part.toolResult.toolCallId;
      if (found.has(id)) return true; // a duplicate is the orphan rule's business
      // An untouched single-result message is reused as it is; a shared one is split.
      found.set(id, message.content.length === 1 ? message : { ...message, toolCallId: id, content: [part] });
      return false;
    });
    if (kept.length > 0)
      rest.push(kept.length === message.content.length ? message : { ...message, content: kept });
  }

  const missing: ToolCallData[] = [];
  const synthetic = new Set<Message>();
  const results = calls.map((call) => {
    const result = found.get(call.id);
    if (result) return result;
    missing.push(call);
    const made = Message.toolResult(call.id, MISSING_RESULT_TEXT, true, call.name);
    synthetic.add(made);
    return made;
  });
  const placed = [...results, ...rest];
  // Moved: the messages that were already there are no longer in their original order (or one was split).
  const originals = placed.filter((m) => !synthetic.has(m));
  const moved = originals.length !== window.length || originals.some((m, index) => m !== window[index]);
  return { messages: placed, missing, moved };
}
