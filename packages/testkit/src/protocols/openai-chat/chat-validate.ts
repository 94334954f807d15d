import { missingModel, openAIInvalidRequest } from '../openai-shared/openai-errors.js';
import { toolNameProblem } from '../openai-shared/tool-name.js';
import { asArray, asString, type CodecContext, isRecord, type Reply } from '../protocol.js';

/**
 * Judges a Chat Completions request the way OpenAI does: every assistant tool call answered by a
 * tool message before the next turn, no tool message without a call, valid tool names. Messages
 * are the API's own wording (including its "preceeding").
 */
export function validateChatRequest(context: CodecContext): Reply | undefined {
  const { body, ids } = context;
  const noModel = missingModel(body, ids);
  if (noModel) return noModel;
  if (!Array.isArray(body.messages)) {
    return openAIInvalidRequest(
      "Missing required parameter: 'messages'.",
      'messages',
      ids,
      'missing_required_parameter',
    );
  }
  for (const [i, tool] of asArray(body.tools).entries()) {
    if (!isRecord(tool) || !isRecord(tool.function)) continue;
    const problem = toolNameProblem(`tools[${i}].function.name`, tool.function.name);
    if (problem) return openAIInvalidRequest(problem, `tools[${i}].function.name`, ids, 'invalid_value');
  }
  const messages = body.messages.filter(isRecord);
  let pending: string[] = [];
  let pendingFrom = -1;
  let answerable = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (message.role === 'tool') {
      const id = asString(message.tool_call_id) ?? '';
      if (!answerable.has(id)) {
        return openAIInvalidRequest(
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${i}].role`,
          ids,
        );
      }
      pending = pending.filter((p) => p !== id);
      continue;
    }
    if (pending.length > 0) {
      return openAIInvalidRequest(
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(', ')}`,
        `messages.[${pendingFrom}].role`,
        ids,
      );
    }
    const calls = asArray(message.tool_calls)
      .filter(isRecord)
      .map((call) => asString(call.id) ?? '');
    answerable = new Set(calls);
    pending = message.role === 'assistant' ? calls : [];
    pendingFrom = i;
  }
  if (pending.length > 0) {
    return openAIInvalidRequest(
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${pending.join(', ')}`,
      `messages.[${pendingFrom}].role`,
      ids,
    );
  }
  return undefined;
}
