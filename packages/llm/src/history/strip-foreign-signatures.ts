import type { ContentPart, Message, MessageOrigin } from '../types/content.js';
import type { RepairChange, RepairResult } from './repair-change.js';
import { isSameModel } from './same-model.js';

/** Where the history is going: signatures survive only for this provider and model. */
export interface SignatureTarget {
  provider: string;
  model: string;
  /**
   * What foreign reasoning with readable text becomes: 'text' (default) keeps it as a quoted text
   * part so the new model still sees the earlier reasoning; 'drop' removes it.
   */
  foreignThinking?: 'text' | 'drop';
}

/** Whether an assistant message was produced somewhere other than `target`. Unknown origin: no. */
export function isForeignOrigin(origin: MessageOrigin | undefined, target: SignatureTarget): boolean {
  if (origin === undefined) return false;
  return origin.provider !== target.provider || !isSameModel(origin.model, target.model);
}

/** How foreign reasoning is quoted: tagged, so the model reads it as earlier notes, not as its voice. */
export function quoteReasoning(text: string): string {
  return `<earlier_reasoning>\n${text}\n</earlier_reasoning>`;
}

/**
 * Signatures (Anthropic thinking signatures and redacted data, OpenAI encrypted reasoning, Gemini
 * thought signatures on calls and text) are valid only for the provider and model that issued
 * them; any other provider rejects them. For each assistant message whose `origin` differs from
 * the target this drops every signature and provider item id, turns readable reasoning into a
 * quoted text part (or drops it, per `foreignThinking`), and drops redacted or empty reasoning;
 * a message left with no content is removed.
 * Messages without an `origin` are left alone: nothing says their signatures are foreign.
 */
export function stripForeignSignatures(messages: readonly Message[], target: SignatureTarget): RepairResult {
  const changes: RepairChange[] = [];
  const repaired = messages.flatMap((message, messageIndex): Message[] => {
    if (message.role !== 'assistant' || !isForeignOrigin(message.origin, target)) return [message];
    let signatures = 0;
    let converted = 0;
    let dropped = 0;
    let itemIds = 0;
    const content = message.content.flatMap((part): ContentPart[] => {
      switch (part.kind) {
        case 'thinking':
        case 'redacted_thinking': {
          if (part.thinking.signature !== undefined) signatures++;
          const readable =
            part.kind === 'thinking' && !part.thinking.redacted && part.thinking.text.trim() !== '';
          if (readable && target.foreignThinking !== 'drop') {
            converted++;
            return [{ kind: 'text', text: quoteReasoning(part.thinking.text) }];
          }
          dropped++;
          return [];
        }
        case 'tool_call': {
          const { signature, providerItemId, ...toolCall } = part.toolCall;
          if (signature === undefined && providerItemId === undefined) return [part];
          if (signature !== undefined) signatures++;
          if (providerItemId !== undefined) itemIds++;
          return [{ kind: 'tool_call', toolCall }];
        }
        case 'text': {
          if (part.signature === undefined) return [part];
          signatures++;
          return [{ kind: 'text', text: part.text }];
        }
        default:
          return [part];
      }
    });
    if (signatures === 0 && converted === 0 && dropped === 0 && itemIds === 0) return [message];
    const from = `${message.origin?.provider}/${message.origin?.model}`;
    if (signatures > 0) {
      changes.push({
        kind: 'signatures_dropped',
        messageIndex,
        description: `Dropped ${signatures} signature(s) from a ${from} message sent to ${target.provider}/${target.model}.`,
      });
    }
    if (converted > 0) {
      changes.push({
        kind: 'thinking_to_text',
        messageIndex,
        description: `Kept ${converted} reasoning block(s) from ${from} as quoted text.`,
      });
    }
    if (dropped > 0) {
      changes.push({
        kind: 'thinking_dropped',
        messageIndex,
        description: `Dropped ${dropped} reasoning block(s) from ${from} (redacted, empty, or dropping requested).`,
      });
    }
    // A message that held only unreadable reasoning is gone entirely: providers reject empty turns.
    return content.length === 0 ? [] : [{ ...message, content }];
  });
  return { messages: repaired, changes };
}
