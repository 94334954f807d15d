import {
  asArray,
  asString,
  type CodecContext,
  isRecord,
  type Reply,
  type UnknownRecord,
} from '../protocol.js';
import { anthropicInvalidRequest } from './anthropic-errors.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * Judges a Messages request the way the API does, for the mistakes an agent's history handling
 * makes: a tool_use without its tool_result, an orphaned tool_result, a missing max_tokens, a bad
 * tool name, empty content, thinking blocks dropped or tampered with while thinking is on.
 * Messages are the API's own wording.
 */
export function validateAnthropicRequest(context: CodecContext): Reply | undefined {
  const fail = (message: string) => anthropicInvalidRequest(message, context.ids);
  const body = context.body;
  if (body.max_tokens === undefined) return fail('max_tokens: Field required');
  if (!Array.isArray(body.messages)) return fail('messages: Field required');
  if (body.messages.length === 0) return fail('messages: at least one message is required');

  for (const [i, tool] of asArray(body.tools).entries()) {
    if (!isRecord(tool) || (tool.type !== undefined && tool.type !== 'custom')) continue;
    if (!TOOL_NAME.test(asString(tool.name) ?? '')) {
      return fail(`tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    }
  }

  const messages = body.messages.filter(isRecord);
  for (const [i, message] of messages.entries()) {
    const blocks = contentBlocks(message);
    const isFinalAssistant = i === messages.length - 1 && message.role === 'assistant';
    if (blocks.length === 0 && !isFinalAssistant) {
      return fail(
        `messages.${i}: all messages must have non-empty content except for the optional final assistant message`,
      );
    }
    for (const block of blocks) {
      if (block.type === 'text' && asString(block.text) === '')
        return fail('messages: text content blocks must be non-empty');
    }
    const problem = checkThinkingSignatures(message, i, context);
    if (problem) return fail(problem);

    const toolUseIds = blocks.filter((b) => b.type === 'tool_use').map((b) => asString(b.id) ?? '');
    if (message.role === 'assistant' && toolUseIds.length > 0) {
      const next = messages[i + 1];
      const answered = new Set(
        next?.role === 'user'
          ? contentBlocks(next)
              .filter((b) => b.type === 'tool_result')
              .map((b) => asString(b.tool_use_id))
          : [],
      );
      const missing = toolUseIds.filter((id) => !answered.has(id));
      if (missing.length > 0 && next !== undefined) {
        return fail(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(
            ', ',
          )}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
        );
      }
    }
    if (message.role === 'user') {
      const previous = messages[i - 1];
      const offered = new Set(
        previous?.role === 'assistant'
          ? contentBlocks(previous)
              .filter((b) => b.type === 'tool_use')
              .map((b) => asString(b.id))
          : [],
      );
      for (const [j, block] of blocks.entries()) {
        if (block.type !== 'tool_result') continue;
        const id = asString(block.tool_use_id) ?? '';
        if (!offered.has(id)) {
          return fail(
            `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
          );
        }
      }
    }
  }
  return checkThinkingLeadsFinalAssistant(body, messages, fail);
}

function contentBlocks(message: UnknownRecord): UnknownRecord[] {
  if (typeof message.content === 'string')
    return message.content === '' ? [] : [{ type: 'text', text: message.content }];
  return asArray(message.content).filter(isRecord);
}

function checkThinkingSignatures(
  message: UnknownRecord,
  i: number,
  context: CodecContext,
): string | undefined {
  for (const [j, block] of contentBlocks(message).entries()) {
    if (block.type !== 'thinking' && block.type !== 'redacted_thinking') continue;
    const field = block.type === 'thinking' ? 'signature' : 'data';
    const signature = asString(block[field]);
    if (signature === undefined) return `messages.${i}.content.${j}.${block.type}.${field}: Field required`;
    if (!context.signatures.wasIssued('anthropic', signature)) {
      return `messages.${i}.content.${j}: Invalid \`signature\` in \`${block.type}\` block`;
    }
  }
  return undefined;
}

/**
 * With thinking on, the assistant message that opened the current tool loop must start with its
 * thinking block; dropping it is the classic history bug.
 */
function checkThinkingLeadsFinalAssistant(
  body: UnknownRecord,
  messages: UnknownRecord[],
  fail: (message: string) => Reply,
): Reply | undefined {
  const thinking = isRecord(body.thinking) ? body.thinking.type : undefined;
  if (thinking !== 'enabled' && thinking !== 'adaptive') return undefined;
  const last = messages.at(-1);
  if (last?.role !== 'user' || !contentBlocks(last).some((b) => b.type === 'tool_result')) return undefined;
  const index = messages.length - 2;
  const assistant = messages[index];
  if (assistant?.role !== 'assistant') return undefined;
  const first = contentBlocks(assistant)[0];
  if (!first || first.type === 'thinking' || first.type === 'redacted_thinking') return undefined;
  return fail(
    `messages.${index}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${String(
      first.type,
    )}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking`,
  );
}
