import {
  asArray,
  asString,
  type CodecContext,
  isRecord,
  type Reply,
  type UnknownRecord,
} from '../protocol.js';
import { geminiInvalidArgument } from './gemini-errors.js';

/** The value Gemini's docs give for replaying a call it did not produce; the API accepts it. */
const SKIP_VALIDATOR = 'skip_thought_signature_validator';

const FUNCTION_NAME = /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/;

/**
 * Judges a generateContent request the way Gemini does for history mistakes: a function response
 * with no function call before it, a count mismatch, and (Gemini 3) a function call of the current
 * turn replayed without its thoughtSignature. Messages are the API's own wording.
 */
export function validateGeminiRequest(context: CodecContext, model: string): Reply | undefined {
  const { body } = context;
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    return geminiInvalidArgument('* GenerateContentRequest.contents: contents is not specified\n');
  }
  for (const [i, tool] of asArray(body.tools).entries()) {
    if (!isRecord(tool)) continue;
    for (const [j, declaration] of asArray(tool.functionDeclarations).entries()) {
      if (isRecord(declaration) && !FUNCTION_NAME.test(asString(declaration.name) ?? '')) {
        return geminiInvalidArgument(
          `* GenerateContentRequest.tools[${i}].function_declarations[${j}].name: Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64.\n`,
        );
      }
    }
  }
  const contents = body.contents.filter(isRecord);
  for (const [i, content] of contents.entries()) {
    const responses = parts(content).filter((p) => isRecord(p.functionResponse)).length;
    if (responses === 0) continue;
    const previous = contents[i - 1];
    const calls =
      previous && previous.role === 'model'
        ? parts(previous).filter((p) => isRecord(p.functionCall)).length
        : 0;
    if (calls === 0) {
      return geminiInvalidArgument(
        'Please ensure that function response turn comes immediately after a function call turn.',
      );
    }
    if (calls !== responses) {
      return geminiInvalidArgument(
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      );
    }
  }
  for (const content of contents) {
    for (const part of parts(content)) {
      const signature = asString(part.thoughtSignature);
      if (
        signature !== undefined &&
        signature !== SKIP_VALIDATOR &&
        !context.signatures.wasIssued('gemini', signature)
      ) {
        return geminiInvalidArgument('Thought signature is not valid.');
      }
    }
  }
  if (/gemini-3/.test(model)) return checkCurrentTurnSignatures(contents);
  return undefined;
}

function parts(content: UnknownRecord): UnknownRecord[] {
  return asArray(content.parts).filter(isRecord);
}

/**
 * Gemini 3 validates signatures only in the current turn: everything after the last user content
 * that carries text. In each model content there, the first function call must be signed.
 */
function checkCurrentTurnSignatures(contents: UnknownRecord[]): Reply | undefined {
  let start = 0;
  contents.forEach((content, i) => {
    if (content.role === 'user' && parts(content).some((p) => typeof p.text === 'string')) start = i + 1;
  });
  for (let i = start; i < contents.length; i++) {
    const content = contents[i];
    if (content?.role !== 'model') continue;
    const firstCall = parts(content).find((p) => isRecord(p.functionCall));
    if (firstCall && typeof firstCall.thoughtSignature !== 'string') {
      const name = isRecord(firstCall.functionCall) ? asString(firstCall.functionCall.name) : undefined;
      return geminiInvalidArgument(
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${i + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      );
    }
  }
  return undefined;
}
