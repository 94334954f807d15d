import { missingModel, openAIInvalidRequest } from '../openai-shared/openai-errors.js';
import { toolNameProblem } from '../openai-shared/tool-name.js';
import { asArray, asString, type CodecContext, isRecord, type Reply } from '../protocol.js';

/**
 * Judges a Responses request the way the API does for history mistakes: a tool output with no
 * call, a call with no output, reasoning content this server never issued, a bad tool name.
 * Messages are the API's own wording.
 */
export function validateResponsesRequest(context: CodecContext): Reply | undefined {
  const { body, ids } = context;
  const noModel = missingModel(body, ids);
  if (noModel) return noModel;
  for (const [i, tool] of asArray(body.tools).entries()) {
    if (!isRecord(tool) || tool.type !== 'function') continue;
    const problem = toolNameProblem(`tools[${i}].name`, tool.name);
    if (problem) return openAIInvalidRequest(problem, `tools[${i}].name`, ids, 'invalid_value');
  }
  // With previous_response_id the earlier calls live on the server; nothing to check locally.
  if (body.previous_response_id) return undefined;
  const items = asArray(body.input).filter(isRecord);
  const calls = new Set(
    items.filter((item) => item.type === 'function_call').map((item) => asString(item.call_id)),
  );
  const outputs = new Set(
    items.filter((item) => item.type === 'function_call_output').map((item) => asString(item.call_id)),
  );
  for (const item of items) {
    if (item.type === 'function_call_output' && !calls.has(asString(item.call_id))) {
      return openAIInvalidRequest(
        `No tool call found for function call output with call_id ${asString(item.call_id)}.`,
        'input',
        ids,
      );
    }
    if (item.type === 'function_call' && !outputs.has(asString(item.call_id))) {
      return openAIInvalidRequest(
        `No tool output found for function call ${asString(item.call_id)}.`,
        'input',
        ids,
      );
    }
    if (item.type === 'reasoning' && typeof item.encrypted_content === 'string') {
      if (!context.signatures.wasIssued('openai-responses', item.encrypted_content)) {
        return openAIInvalidRequest(
          `The encrypted content for item ${asString(item.id)} could not be verified.`,
          null,
          ids,
          'invalid_encrypted_content',
        );
      }
    }
  }
  return undefined;
}
