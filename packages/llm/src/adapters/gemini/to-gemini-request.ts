import type { Content, GenerateContentConfig } from '@google/genai';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { repairHistory } from '../../history/repair-history.js';
import type { Request, ResponseFormat } from '../../types/request.js';
import type { Warning } from '../../types/response.js';
import { customToolWarnings } from '../shared/custom-tools.js';
import { signCurrentTurnCalls } from './current-turn-signatures.js';
import { GEMINI } from './provider-name.js';
import { thinkingConfigFor } from './thinking-config.js';
import { systemInstructionOf, toGeminiContents } from './to-gemini-contents.js';
import { toGeminiToolConfig, toGeminiTools } from './tool-config.js';

/** What `models.generateContent` / `generateContentStream` take, minus the per-call signal. */
export interface GeminiRequestParams {
  model: string;
  contents: Content[];
  config: GenerateContentConfig;
}

export interface TranslatedRequest {
  params: GeminiRequestParams;
  /** Things the translation had to leave out, reported on the Response. */
  warnings: Warning[];
}

function responseFormatConfig(format: ResponseFormat | undefined): GenerateContentConfig {
  if (format === undefined || format.type === 'text') return {};
  if (format.type === 'json') return { responseMimeType: 'application/json' };
  // `responseJsonSchema` takes JSON Schema as written; `responseSchema` is an OpenAPI subset.
  return { responseMimeType: 'application/json', responseJsonSchema: format.jsonSchema };
}

/**
 * `providerOptions.gemini` is a partial GenerateContentConfig laid over ours (safetySettings,
 * cachedContent, topK, seed, …): its fields win, except that `thinkingConfig` is merged field by
 * field so that, say, `{ includeThoughts: false }` can refine the effort mapping.
 */
function withProviderOptions(config: GenerateContentConfig, request: Request): GenerateContentConfig {
  const options = request.providerOptions?.[GEMINI] as Partial<GenerateContentConfig> | undefined;
  if (options === undefined) return config;
  const merged: GenerateContentConfig = { ...config, ...options };
  if (config.thinkingConfig && options.thinkingConfig) {
    merged.thinkingConfig = { ...config.thinkingConfig, ...options.thinkingConfig };
  }
  return merged;
}

/**
 * A unified Request as Gemini generateContent parameters, in the spec's order: history repair
 * (always first), system text to `systemInstruction`, messages to `contents`, tools and tool
 * choice, generation parameters, response format, reasoning effort to `thinkingConfig`, then
 * `providerOptions.gemini`. The SDK's own automatic function calling and automatic continuation
 * are switched off: one call to this adapter is one HTTP request.
 */
export async function toGeminiRequest(request: Request): Promise<TranslatedRequest> {
  const { messages } = repairHistory(request.messages, { provider: GEMINI, model: request.model });
  const warnings: Warning[] = [];
  const contents = signCurrentTurnCalls(await toGeminiContents(messages, warnings), request.model);
  if (contents.length === 0) {
    throw new InvalidRequestError(
      'A Gemini request needs at least one user, assistant or tool message (system text alone has nothing to answer).',
      { provider: GEMINI, retryable: false },
    );
  }
  const tools = request.tools ?? [];
  const systemInstruction = systemInstructionOf(messages);
  const geminiTools = toGeminiTools(tools);
  warnings.push(...customToolWarnings(tools, GEMINI));
  const toolConfig = toGeminiToolConfig(request.toolChoice, tools);
  const thinkingConfig = thinkingConfigFor(request.model, request.reasoningEffort);
  const config: GenerateContentConfig = {
    automaticFunctionCalling: { disable: true },
    automaticContinuation: false,
    ...(systemInstruction ? { systemInstruction } : {}),
    ...(geminiTools ? { tools: geminiTools } : {}),
    ...(toolConfig ? { toolConfig } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(request.topP !== undefined ? { topP: request.topP } : {}),
    ...(request.maxTokens !== undefined ? { maxOutputTokens: request.maxTokens } : {}),
    ...(request.stopSequences?.length ? { stopSequences: request.stopSequences } : {}),
    ...responseFormatConfig(request.responseFormat),
    ...(thinkingConfig ? { thinkingConfig } : {}),
  };
  return {
    params: { model: request.model, contents, config: withProviderOptions(config, request) },
    warnings,
  };
}
