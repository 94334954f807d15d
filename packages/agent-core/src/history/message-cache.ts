import type { Message } from '@weft/llm';
import { type ConversionTarget, turnToMessages } from './to-llm-messages.js';
import type { Turn } from './turn.js';

/**
 * The history as llm messages, kept up to date incrementally. Turns never change once appended
 * and history only grows between compactions, so each model call converts just the turns added
 * since the previous one; the messages built so far are reused as they are. When the history
 * was replaced (a compaction) or the target changed (a model without vision), the list is
 * rebuilt, still reusing each surviving turn's conversion.
 */
export class MessageCache {
  private perTurn = new WeakMap<Turn, Message[]>();
  private messages: Message[] = [];
  private converted = 0;
  private firstTurn: Turn | undefined;
  private lastTurn: Turn | undefined;
  private target: ConversionTarget;

  constructor(target: ConversionTarget) {
    this.target = target;
  }

  /** Switches the target (a model change); messages are rebuilt on the next call if it differs. */
  setTarget(target: ConversionTarget): void {
    if (target.vision === this.target.vision) return;
    this.target = target;
    this.forget();
  }

  /** The messages `history` becomes. The returned array is owned by the cache: copy before changing it. */
  messagesFor(history: readonly Turn[]): readonly Message[] {
    // History only grows between compactions, and a compaction replaces its start: the same first
    // and last converted turns mean the rest is unchanged too.
    const continues =
      history.length >= this.converted &&
      (this.converted === 0 ||
        (history[0] === this.firstTurn && history[this.converted - 1] === this.lastTurn));
    if (!continues) this.reset();
    for (let index = this.converted; index < history.length; index++) {
      const turn = history[index] as Turn;
      for (const message of this.convert(turn)) this.messages.push(message);
    }
    this.converted = history.length;
    this.firstTurn = history[0];
    this.lastTurn = history.at(-1);
    return this.messages;
  }

  private convert(turn: Turn): Message[] {
    let messages = this.perTurn.get(turn);
    if (messages === undefined) {
      messages = turnToMessages(turn, this.target);
      this.perTurn.set(turn, messages);
    }
    return messages;
  }

  private reset(): void {
    this.messages = [];
    this.converted = 0;
    this.firstTurn = undefined;
    this.lastTurn = undefined;
  }

  /** Forgets every conversion (they depend on the target). */
  private forget(): void {
    this.reset();
    // A WeakMap cannot be cleared; a new one drops every entry.
    this.perTurn = new WeakMap();
  }
}
