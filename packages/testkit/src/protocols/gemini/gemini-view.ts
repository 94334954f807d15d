import { ConversationBuilder } from '../conversation-builder.js';
import type { ConversationView } from '../conversation-view.js';
import { asArray, asString, isRecord, type UnknownRecord } from '../protocol.js';

export function viewGeminiRequest(body: UnknownRecord): ConversationView {
  const builder = new ConversationBuilder();
  for (const content of asArray(body.contents).filter(isRecord)) {
    const parts = asArray(content.parts).filter(isRecord);
    const onlyResponses = parts.length > 0 && parts.every((p) => isRecord(p.functionResponse));
    const message = builder.newMessage(
      content.role === 'model' ? 'assistant' : onlyResponses ? 'tool' : 'user',
    );
    for (const part of parts) {
      if (typeof part.text === 'string') {
        if (part.thought === true) message.reasoning += part.text;
        else message.text += part.text;
      } else if (isRecord(part.inlineData) || isRecord(part.fileData)) {
        message.images += 1;
      } else if (isRecord(part.functionCall)) {
        message.toolCalls.push({
          id: asString(part.functionCall.id),
          name: asString(part.functionCall.name) ?? '',
          arguments: part.functionCall.args ?? {},
        });
      } else if (isRecord(part.functionResponse)) {
        const response = part.functionResponse.response;
        message.toolResults.push({
          id: asString(part.functionResponse.id),
          name: asString(part.functionResponse.name),
          content: typeof response === 'string' ? response : JSON.stringify(response ?? {}),
          isError: isRecord(response) && 'error' in response,
        });
      }
    }
  }
  const instruction = isRecord(body.systemInstruction) ? body.systemInstruction : undefined;
  const system = asArray(instruction?.parts)
    .filter(isRecord)
    .map((part) => asString(part.text) ?? '')
    .join('\n\n');
  const tools = asArray(body.tools)
    .filter(isRecord)
    .flatMap((tool) => asArray(tool.functionDeclarations).filter(isRecord))
    .map((declaration) => asString(declaration.name) ?? '');
  return builder.build(system, tools);
}
