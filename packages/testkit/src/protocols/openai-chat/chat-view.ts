import { contentText, parseJsonOrKeep } from '../content-text.js';
import { ConversationBuilder } from '../conversation-builder.js';
import type { ConversationView } from '../conversation-view.js';
import { asArray, asString, isRecord, type UnknownRecord } from '../protocol.js';

export function viewChatRequest(body: UnknownRecord): ConversationView {
  const builder = new ConversationBuilder();
  const system: string[] = [];
  for (const message of asArray(body.messages).filter(isRecord)) {
    const role = asString(message.role);
    const text = contentText(message.content);
    if (role === 'system' || role === 'developer') {
      system.push(text);
    } else if (role === 'tool') {
      builder.message('tool').toolResults.push({
        id: asString(message.tool_call_id),
        name: undefined,
        content: text,
        isError: false,
      });
    } else {
      const view = builder.newMessage(role === 'assistant' ? 'assistant' : 'user');
      view.text = text;
      view.reasoning = asString(message.reasoning_content) ?? asString(message.reasoning) ?? '';
      view.images = asArray(message.content).filter((p) => isRecord(p) && p.type === 'image_url').length;
      for (const call of asArray(message.tool_calls).filter(isRecord)) {
        const fn = isRecord(call.function) ? call.function : {};
        view.toolCalls.push({
          id: asString(call.id),
          name: asString(fn.name) ?? '',
          arguments: parseJsonOrKeep(fn.arguments),
        });
      }
    }
  }
  const tools = asArray(body.tools)
    .filter(isRecord)
    .map((tool) => (isRecord(tool.function) ? (asString(tool.function.name) ?? '') : ''));
  return builder.build(system.join('\n\n'), tools);
}
