import { createHash } from 'node:crypto';
import type { ToolCallIdRule } from '../adapters/provider-adapter.js';
import type { ContentPart, Message } from '../types/content.js';
import type { RepairChange, RepairResult } from './repair-change.js';

/**
 * Rewrites tool-call ids the target does not accept (wrong characters, too long: a Gemini
 * `call_<uuid>` sent to a Mistral-style 9-character rule, an OpenAI id with a character Anthropic
 * refuses), the call and every result that refers to it together. The new id is derived from the
 * old one (sanitized, shortened, then a hash of the original when that is not enough), so the same
 * history always gets the same ids, and it never equals another id in the history.
 */
export function normalizeToolCallIds(
  messages: readonly Message[],
  rule: ToolCallIdRule | undefined,
): RepairResult {
  if (rule === undefined) return { messages: [...messages], changes: [] };
  const pattern = new RegExp(rule.pattern.source, rule.pattern.flags.replace(/[gy]/g, ''));
  const fits = (id: string) => id.length > 0 && id.length <= rule.maxLength && pattern.test(id);

  const callIds: string[] = [];
  for (const message of messages) {
    for (const part of message.content) if (part.kind === 'tool_call') callIds.push(part.toolCall.id);
  }
  const taken = new Set(callIds.filter(fits));
  const renamed = new Map<string, string>();
  const changes: RepairChange[] = [];
  for (const id of callIds) {
    if (fits(id) || renamed.has(id)) continue;
    const replacement = replacementId(id, rule.maxLength, fits, taken);
    if (replacement === undefined) {
      renamed.set(id, id);
      changes.push({
        kind: 'tool_call_id_unfixable',
        toolCallId: id,
        description: `No id derived from ${id} fits the target's rule ${String(rule.pattern)} (max ${rule.maxLength}); left as it was.`,
      });
      continue;
    }
    taken.add(replacement);
    renamed.set(id, replacement);
    changes.push({
      kind: 'tool_call_id_rewritten',
      toolCallId: id,
      newToolCallId: replacement,
      description: `Rewrote tool-call id ${id} as ${replacement} (call and results) to fit the target's id rule.`,
    });
  }
  if (changes.every((change) => change.kind === 'tool_call_id_unfixable')) {
    return { messages: [...messages], changes };
  }
  return { messages: messages.map((message) => renameInMessage(message, renamed)), changes };
}

function renameInMessage(message: Message, renamed: ReadonlyMap<string, string>): Message {
  const swap = (id: string) => renamed.get(id) ?? id;
  let changed = false;
  const content = message.content.map((part): ContentPart => {
    if (part.kind === 'tool_call' && swap(part.toolCall.id) !== part.toolCall.id) {
      changed = true;
      return { kind: 'tool_call', toolCall: { ...part.toolCall, id: swap(part.toolCall.id) } };
    }
    if (part.kind === 'tool_result' && swap(part.toolResult.toolCallId) !== part.toolResult.toolCallId) {
      changed = true;
      return {
        kind: 'tool_result',
        toolResult: { ...part.toolResult, toolCallId: swap(part.toolResult.toolCallId) },
      };
    }
    return part;
  });
  const toolCallId = message.toolCallId === undefined ? undefined : swap(message.toolCallId);
  if (!changed && toolCallId === message.toolCallId) return message;
  return { ...message, content, ...(toolCallId === undefined ? {} : { toolCallId }) };
}

/**
 * Candidates, most readable first: the id with unsafe characters replaced and cut to length; the
 * cut id with a hash of the original (so two long ids sharing a prefix stay distinct); `call_` and
 * the hash; the bare hash in letters and digits (for rules like Mistral's `[a-zA-Z0-9]{9}`). A
 * candidate already taken gets a counter.
 */
function replacementId(
  id: string,
  maxLength: number,
  fits: (id: string) => boolean,
  taken: ReadonlySet<string>,
): string | undefined {
  const hash = createHash('sha256').update(id).digest('hex');
  const sanitized = id.replace(/[^A-Za-z0-9_-]/g, '_');
  const candidates = [
    sanitized.slice(0, maxLength),
    `${sanitized.slice(0, Math.max(0, maxLength - 9))}_${hash.slice(0, 8)}`.slice(-maxLength),
    `call_${hash}`.slice(0, maxLength),
    hash.slice(0, maxLength),
  ];
  for (const candidate of candidates) {
    if (fits(candidate) && !taken.has(candidate)) return candidate;
  }
  for (const candidate of candidates) {
    for (let n = 1; n < 1000; n++) {
      const suffix = String(n);
      const numbered = candidate.slice(0, maxLength - suffix.length) + suffix;
      if (fits(numbered) && !taken.has(numbered)) return numbered;
    }
  }
  return undefined;
}
