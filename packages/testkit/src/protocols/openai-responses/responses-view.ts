import { contentText, parseJsonOrKeep } from '../content-text.js';
import { ConversationBuilder } from '../conversation-builder.js';
import type { ConversationView } from '../conversation-view.js';
import { asArray, asString, isRecord, type UnknownRecord } from '../protocol.js';

export function viewResponsesRequest(body: UnknownRecord): ConversationView {
  const builder = new ConversationBuilder();
  const system: string[] = [];
  if (typeof body.instructions === 'string') system.push(body.instructions);
  const items =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : asArray(body.input);
  for (const item of items.filter(isRecord)) {
    const type = item.type ?? 'message';
    if (type === 'message') {
      const role = asString(item.role) ?? 'user';
      const text = contentText(item.content);
      if (role === 'system' || role === 'developer') {
        system.push(text);
        continue;
      }
      const message = builder.message(role === 'assistant' ? 'assistant' : 'user');
      message.text += text;
      message.images += asArray(item.content).filter((p) => isRecord(p) && p.type === 'input_image').length;
    } else if (type === 'reasoning') {
      const summary = asArray(item.summary)
        .filter(isRecord)
        .map((part) => asString(part.text) ?? '')
        .join('');
      builder.message('assistant').reasoning += summary;
    } else if (type === 'function_call') {
      builder.message('assistant').toolCalls.push({
        id: asString(item.call_id),
        name: asString(item.name) ?? '',
        arguments: parseJsonOrKeep(asString(item.arguments) ?? ''),
      });
    } else if (type === 'custom_tool_call') {
      builder.message('assistant').toolCalls.push({
        id: asString(item.call_id),
        name: asString(item.name) ?? '',
        arguments: asString(item.input) ?? '',
        custom: true,
      });
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      builder.message('tool').toolResults.push({
        id: asString(item.call_id),
        name: undefined,
        content: typeof item.output === 'string' ? item.output : contentText(item.output),
        isError: false,
        ...(type === 'custom_tool_call_output' ? { custom: true } : {}),
      });
    }
  }
  const tools = asArray(body.tools)
    .filter(isRecord)
    .map((tool) => asString(tool.name) ?? '');
  return builder.build(system.join('\n\n'), tools);
}
