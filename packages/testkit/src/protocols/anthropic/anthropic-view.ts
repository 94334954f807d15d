import { contentText } from '../content-text.js';
import { type ConversationView, emptyMessage, type ViewMessage } from '../conversation-view.js';
import { asArray, asString, isRecord, type UnknownRecord } from '../protocol.js';

export function viewAnthropicRequest(body: UnknownRecord): ConversationView {
  const messages: ViewMessage[] = [];
  for (const raw of asArray(body.messages).filter(isRecord)) {
    const role = raw.role === 'assistant' ? 'assistant' : raw.role === 'system' ? 'system' : 'user';
    const message = emptyMessage(role);
    const blocks =
      typeof raw.content === 'string' ? [{ type: 'text', text: raw.content }] : asArray(raw.content);
    for (const block of blocks.filter(isRecord)) {
      if (block.type === 'text') message.text += asString(block.text) ?? '';
      else if (block.type === 'thinking') message.reasoning += asString(block.thinking) ?? '';
      else if (block.type === 'image') message.images += 1;
      else if (block.type === 'tool_use') {
        message.toolCalls.push({
          id: asString(block.id),
          name: asString(block.name) ?? '',
          arguments: block.input,
        });
      } else if (block.type === 'tool_result') {
        message.toolResults.push({
          id: asString(block.tool_use_id),
          name: undefined,
          content: contentText(block.content),
          isError: block.is_error === true,
        });
      }
    }
    messages.push(message);
  }
  const tools = asArray(body.tools)
    .filter(isRecord)
    .map((tool) => asString(tool.name) ?? '');
  return { system: systemText(body.system), messages, tools };
}

function systemText(system: unknown): string {
  if (typeof system === 'string') return system;
  return asArray(system)
    .filter(isRecord)
    .map((block) => asString(block.text) ?? '')
    .join('\n\n');
}
