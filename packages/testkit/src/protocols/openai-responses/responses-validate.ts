import { missingModel, openAIInvalidRequest } from '../openai-shared/openai-errors.js';
import { toolNameProblem } from '../openai-shared/tool-name.js';
import {
  asArray,
  asString,
  type CodecContext,
  isRecord,
  type Reply,
  type UnknownRecord,
} from '../protocol.js';

/**
 * The two kinds of tool call and what answers each. The API pairs outputs with calls by kind as
 * well as id: a `function_call_output` does not answer a `custom_tool_call`, nor the reverse.
 */
const CALL_KINDS = [
  { call: 'function_call', output: 'function_call_output', words: 'function call' },
  { call: 'custom_tool_call', output: 'custom_tool_call_output', words: 'custom tool call' },
] as const;

/**
 * Judges a Responses request the way the API does for history mistakes: a tool output with no
 * call, a call with no output, reasoning content this server never issued, a bad tool name or
 * custom-tool format. Messages are the API's own wording.
 */
export function validateResponsesRequest(context: CodecContext): Reply | undefined {
  const { body, ids } = context;
  const noModel = missingModel(body, ids);
  if (noModel) return noModel;
  const badTool = validateTools(body, context);
  if (badTool) return badTool;
  // With previous_response_id the earlier calls live on the server; nothing to check locally.
  if (body.previous_response_id) return undefined;
  const items = asArray(body.input).filter(isRecord);
  for (const kind of CALL_KINDS) {
    const idsOf = (type: string) =>
      new Set(items.filter((item) => item.type === type).map((item) => asString(item.call_id)));
    const calls = idsOf(kind.call);
    const outputs = idsOf(kind.output);
    for (const item of items) {
      if (item.type === kind.output && !calls.has(asString(item.call_id))) {
        return openAIInvalidRequest(
          `No tool call found for ${kind.words} output with call_id ${asString(item.call_id)}.`,
          'input',
          ids,
        );
      }
      if (item.type === kind.call && !outputs.has(asString(item.call_id))) {
        return openAIInvalidRequest(
          `No tool output found for ${kind.words} ${asString(item.call_id)}.`,
          'input',
          ids,
        );
      }
    }
  }
  for (const item of items) {
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

/** Function and custom tools: a name the API accepts; a custom tool's format, when it has one. */
function validateTools(body: UnknownRecord, { ids }: CodecContext): Reply | undefined {
  for (const [i, tool] of asArray(body.tools).entries()) {
    if (!isRecord(tool) || (tool.type !== 'function' && tool.type !== 'custom')) continue;
    const problem = toolNameProblem(`tools[${i}].name`, tool.name);
    if (problem) return openAIInvalidRequest(problem, `tools[${i}].name`, ids, 'invalid_value');
    if (tool.type !== 'custom' || tool.format === undefined) continue;
    const format = isRecord(tool.format) ? tool.format : {};
    const at = `tools[${i}].format`;
    if (format.type !== 'text' && format.type !== 'grammar') {
      return invalidValue(`${at}.type`, format.type, ["'text'", "'grammar'"], ids);
    }
    if (format.type !== 'grammar') continue;
    if (format.syntax !== 'lark' && format.syntax !== 'regex') {
      return invalidValue(`${at}.syntax`, format.syntax, ["'lark'", "'regex'"], ids);
    }
    if (typeof format.definition !== 'string') {
      return openAIInvalidRequest(
        `Missing required parameter: '${at}.definition'.`,
        `${at}.definition`,
        ids,
        'missing_required_parameter',
      );
    }
  }
  return undefined;
}

function invalidValue(param: string, value: unknown, allowed: readonly string[], ids: CodecContext['ids']) {
  return openAIInvalidRequest(
    `Invalid value: '${String(value)}'. Supported values are: ${allowed.join(' and ')}.`,
    param,
    ids,
    'invalid_value',
  );
}
