import type { CacheControlEphemeral } from '@anthropic-ai/sdk/resources/messages';

/** The API accepts at most four `cache_control` breakpoints per request. */
export const MAX_CACHE_BREAKPOINTS = 4;

type Block = { type?: string | null; cache_control?: CacheControlEphemeral | null };

/** The parts of a request body that breakpoints go on (the rest is left alone). */
export interface CacheableBody {
  system?: string | Block[];
  tools?: Block[];
  messages: { role: string; content: string | Block[] }[];
  cache_control?: CacheControlEphemeral | null;
}

const EPHEMERAL: CacheControlEphemeral = { type: 'ephemeral' };

/**
 * Places automatic prompt-cache breakpoints. The API caches the prefix up to each breakpoint, in
 * the order tools → system → messages, and a later request reads a cached prefix that it repeats
 * exactly. An agent resends the same tools, the same system prompt and a conversation that only
 * grows, so the breakpoints go, in this order of priority, on:
 *
 * 1. the last tool definition (the tools are cached even when the system prompt changes);
 * 2. the last system block (tools + system);
 * 3. the last block of the last message: this request writes the whole conversation, which is
 *    the prefix of the next request;
 * 4. the last block of the user turn before the latest assistant turn: where breakpoint 3 sat on
 *    the previous request, so this request reads what that one wrote even when the turn in
 *    between (thinking, text, many parallel tool calls and their results) is longer than the
 *    API's 20-block look-back.
 *
 * Thinking blocks cannot carry `cache_control`, so a breakpoint goes on the last other block.
 * Breakpoints the body already has (from provider options, or a top-level `cache_control`) count
 * toward the limit of four and are kept; ours fill the remaining slots in the order above.
 * Returns the body with new arrays wherever a breakpoint was added (the input is not changed).
 */
export function placeCacheBreakpoints<T extends CacheableBody>(body: T): T {
  let free = MAX_CACHE_BREAKPOINTS - countBreakpoints(body);
  const result: T = { ...body };
  // The generic keeps the caller's body type; the edits below only add `cache_control` to blocks.
  const out: CacheableBody = result;
  const take = () => free-- > 0;

  if (out.tools !== undefined && out.tools.length > 0) {
    const marked = markLast(out.tools, take);
    if (marked) out.tools = marked;
  }
  if (out.system !== undefined) {
    const system = typeof out.system === 'string' ? [{ type: 'text', text: out.system }] : out.system;
    const marked = system.length > 0 ? markLast(system, take) : undefined;
    if (marked) out.system = marked;
  }
  const messages = [...out.messages];
  const last = messages.length - 1;
  const previousUserTurn = findPreviousUserTurn(messages, last);
  for (const index of [last, previousUserTurn]) {
    const message = index === undefined ? undefined : messages[index];
    if (index === undefined || message === undefined) continue;
    const content =
      typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
    const marked = markLast(content, take);
    if (marked) messages[index] = { ...message, content: marked };
  }
  out.messages = messages;
  return result;
}

/** Whether the body carries any `cache_control` (which calls for the prompt-caching beta header). */
export function hasCacheControl(body: CacheableBody): boolean {
  return countBreakpoints(body) > 0;
}

/** The user turn before the latest assistant turn: at least two turns before the last one. */
function findPreviousUserTurn(messages: CacheableBody['messages'], last: number): number | undefined {
  for (let index = last - 2; index >= 0; index--) {
    if (messages[index]?.role === 'user') return index;
  }
  return undefined;
}

/**
 * Puts a breakpoint on the last block that can hold one, if there is a free slot and it has none
 * yet; returns the new array, or undefined when nothing changed.
 */
function markLast(blocks: Block[], take: () => boolean): Block[] | undefined {
  for (let index = blocks.length - 1; index >= 0; index--) {
    const block = blocks[index];
    if (block === undefined || block.type === 'thinking' || block.type === 'redacted_thinking') continue;
    if (block.cache_control) return undefined;
    if (!take()) return undefined;
    const copy = [...blocks];
    copy[index] = { ...block, cache_control: EPHEMERAL };
    return copy;
  }
  return undefined;
}

function countBreakpoints(body: CacheableBody): number {
  const marked = (blocks: string | Block[] | undefined) =>
    Array.isArray(blocks) ? blocks.filter((block) => block.cache_control).length : 0;
  let count = body.cache_control ? 1 : 0;
  count += marked(body.system) + marked(body.tools);
  for (const message of body.messages) count += marked(message.content);
  return count;
}
