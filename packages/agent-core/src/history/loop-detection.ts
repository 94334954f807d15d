import { Message } from '@weft/llm';
import { toolCallSignature } from './tool-call-signature.js';
import type { AssistantTurn, Turn } from './turn.js';

/** One tool call as loop detection sees it. */
export interface CallSignature {
  name: string;
  signature: string;
}

/** The warning injected as a steering turn when a loop is found (loop spec §2.10, exact text). */
export function loopWarning(window: number): string {
  return `Loop detected: the last ${window} tool calls follow a repeating pattern. Try a different approach.`;
}

/**
 * The repeating pattern among the last `window` calls, or undefined (loop spec §2.10): with fewer
 * than `window` calls there is none; otherwise, for each length 1, 2, 3 that divides the window,
 * the window must be that many calls repeated end to end. The shortest such pattern is returned.
 */
export function detectLoop(calls: readonly CallSignature[], window: number): CallSignature[] | undefined {
  if (!(window > 0) || calls.length < window) return undefined;
  const recent = calls.slice(calls.length - window);
  for (const length of [1, 2, 3]) {
    if (window % length !== 0) continue;
    let repeats = true;
    for (let index = length; index < window && repeats; index++) {
      repeats = recent[index]?.signature === recent[index % length]?.signature;
    }
    if (repeats) return recent.slice(0, length);
  }
  return undefined;
}

// Assistant turns never change, so their calls are hashed once.
const signaturesOf = new WeakMap<AssistantTurn, CallSignature[]>();

/** The signatures of the last `count` tool calls in `history`, oldest first. Reads only as far back as needed. */
export function recentCallSignatures(history: readonly Turn[], count: number): CallSignature[] {
  const collected: CallSignature[][] = [];
  let found = 0;
  for (let index = history.length - 1; index >= 0 && found < count; index--) {
    const turn = history[index] as Turn;
    if (turn.type !== 'assistant') continue;
    let signatures = signaturesOf.get(turn);
    if (signatures === undefined) {
      signatures = Message.toolCalls(turn.message).map((call) => ({
        name: call.name,
        signature: toolCallSignature(call.name, call.arguments),
      }));
      signaturesOf.set(turn, signatures);
    }
    if (signatures.length === 0) continue;
    collected.push(signatures);
    found += signatures.length;
  }
  const calls = collected.reverse().flat();
  return calls.slice(Math.max(0, calls.length - count));
}
