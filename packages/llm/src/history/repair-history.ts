import type { ToolCallIdRule } from '../adapters/provider-adapter.js';
import type { Message } from '../types/content.js';
import { addMissingToolResults } from './add-missing-tool-results.js';
import { dropOrphanToolResults } from './drop-orphan-tool-results.js';
import { normalizeToolCallIds } from './normalize-tool-call-ids.js';
import type { RepairResult } from './repair-change.js';
import { stripForeignSignatures } from './strip-foreign-signatures.js';

/** The provider and model a history is about to be sent to, and what that provider accepts. */
export interface RepairTarget {
  provider: string;
  model: string;
  /** The tool-call ids the target accepts (an adapter's `toolCallIdRule`); absent: any. */
  toolCallIdRule?: ToolCallIdRule;
  /** What foreign readable reasoning becomes: a quoted text part ('text', default) or nothing. */
  foreignThinking?: 'text' | 'drop';
}

/**
 * Makes a history acceptable to `target`, whatever happened to it before: a run interrupted
 * mid-tool, a result edited away, a provider or model switched mid-conversation. The rules, in
 * order (each a pure function of its own):
 *
 * 1. stripForeignSignatures: an assistant message from another provider or model loses its
 *    signatures and provider item ids; its readable reasoning becomes a quoted text part, and
 *    redacted or empty reasoning is dropped.
 * 2. dropOrphanToolResults: a tool result that answers no call of the assistant turn before it,
 *    or repeats one, is dropped.
 * 3. addMissingToolResults: results move directly after their calls, in call order; a call with no
 *    result gets a synthetic error result.
 * 4. normalizeToolCallIds: ids the target's rule refuses are rewritten, call and results together.
 *
 * Never mutates its input (unchanged messages are shared, not copied). Idempotent: repairing a
 * repaired history changes nothing, so the client and the adapters may both apply it.
 */
export function repairHistory(messages: readonly Message[], target: RepairTarget): RepairResult {
  // The client repairs, then the adapter repairs the same (already repaired) array again; the
  // second pass would find nothing, so recognise the array and skip it.
  const key = targetKey(target);
  const seen = repairedFor.get(messages);
  // Length and last element guard against a caller that appended to the array since.
  if (seen && seen.key === key && seen.length === messages.length && seen.last === messages.at(-1)) {
    return { messages: messages as Message[], changes: [] };
  }
  const signatures = stripForeignSignatures(messages, target);
  const orphans = dropOrphanToolResults(signatures.messages);
  const missing = addMissingToolResults(orphans.messages);
  const ids = normalizeToolCallIds(missing.messages, target.toolCallIdRule);
  repairedFor.set(ids.messages, { key, length: ids.messages.length, last: ids.messages.at(-1) });
  return {
    messages: ids.messages,
    changes: [...signatures.changes, ...orphans.changes, ...missing.changes, ...ids.changes],
  };
}

/** Arrays this module returned, with the target they were repaired for. */
const repairedFor = new WeakMap<
  readonly Message[],
  { key: string; length: number; last: Message | undefined }
>();

function targetKey(target: RepairTarget): string {
  const rule = target.toolCallIdRule;
  return [target.provider, target.model, rule?.pattern.source, rule?.pattern.flags, rule?.maxLength].join(
    '\u0000',
  );
}
