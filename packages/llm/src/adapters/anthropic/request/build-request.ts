import type {
  MessageCreateParamsBase,
  Metadata,
  OutputConfig,
  TextBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { repairHistory } from '../../../history/repair-history.js';
import { Message } from '../../../types/content.js';
import type { Request } from '../../../types/request.js';
import type { Warning } from '../../../types/response.js';
import type { ToolCallIdRule } from '../../provider-adapter.js';
import { customToolWarnings } from '../../shared/custom-tools.js';
import { resolveProviderOptions } from '../anthropic-options.js';
import { joinBetas, PROMPT_CACHING_BETA } from './beta-header.js';
import { hasCacheControl, placeCacheBreakpoints } from './cache-breakpoints.js';
import { planThinking } from './thinking-plan.js';
import { translateMessages } from './translate-messages.js';
import { translateTools } from './translate-tools.js';

/** A Messages API request ready to send (without `stream`, which the caller sets). */
export interface AnthropicRequestPlan {
  body: MessageCreateParamsBase;
  /** Per-request headers (`anthropic-beta`). */
  headers: Record<string, string>;
  /** What the translation had to change or leave out; copied onto the Response. */
  warnings: Warning[];
}

export interface BuildContext {
  provider: string;
  toolCallIdRule: ToolCallIdRule;
  /** An `anthropic-beta` from the adapter's default headers, kept beside per-request betas. */
  defaultBeta: string | undefined;
}

/** Anthropic has no schema-less JSON mode; the spec's answer is an instruction in the system prompt. */
export const JSON_ONLY_INSTRUCTION =
  'Respond with a single valid JSON value and nothing else: no prose, no Markdown code fences.';

/**
 * Translates a unified Request into a Messages API body and headers, in the spec's order: repair
 * the history for this provider and model, lift system and developer text into `system`,
 * translate the turns, tools and tool choice, map reasoning effort and generation parameters,
 * the response format, then merge `providerOptions.anthropic`, and last place the cache
 * breakpoints and compute `anthropic-beta`. Media the API cannot take fails here, before any
 * request is made.
 */
export async function buildAnthropicRequest(
  request: Request,
  context: BuildContext,
): Promise<AnthropicRequestPlan> {
  const { provider } = context;
  const { messages } = repairHistory(request.messages, {
    provider,
    model: request.model,
    toolCallIdRule: context.toolCallIdRule,
  });
  const warnings: Warning[] = [];
  const options = resolveProviderOptions(request.providerOptions?.[provider]);

  const system: TextBlockParam[] = [];
  const conversation: Message[] = [];
  for (const message of messages) {
    if (message.role !== 'system' && message.role !== 'developer') {
      conversation.push(message);
      continue;
    }
    const text = Message.text(message);
    if (text.trim() !== '') system.push({ type: 'text', text });
    if (message.content.some((part) => part.kind !== 'text')) {
      warnings.push({
        code: 'content_dropped',
        message: `Only text is kept from a ${message.role} message; the Messages API system prompt is text.`,
      });
    }
  }
  if (request.responseFormat?.type === 'json') system.push({ type: 'text', text: JSON_ONLY_INSTRUCTION });

  const wireMessages = await translateMessages(conversation, provider, warnings);
  const tools = translateTools(request.tools, request.toolChoice, provider);
  warnings.push(...customToolWarnings(request.tools, provider));
  const thinking = planThinking({
    model: request.model,
    reasoningEffort: request.reasoningEffort,
    maxTokens: request.maxTokens,
    thinking: options.thinking,
  });
  warnings.push(...thinking.warnings);

  let body: MessageCreateParamsBase = {
    model: request.model,
    max_tokens: thinking.maxTokens,
    messages: wireMessages,
    ...(system.length > 0 ? { system } : {}),
    ...tools,
    ...(thinking.thinking !== undefined ? { thinking: thinking.thinking } : {}),
  };
  // The SDK's Messages params (API version 2026-10-21) no longer have sampling parameters; a
  // caller on an older model that still takes them can pass them through provider options.
  for (const [name, value] of [
    ['temperature', request.temperature],
    ['topP', request.topP],
  ] as const) {
    if (value === undefined) continue;
    warnings.push({
      code: 'unsupported_setting',
      message: `${name} is not a Messages API parameter any more and was left out (providerOptions.anthropic can still send it).`,
    });
  }
  if (request.stopSequences !== undefined && request.stopSequences.length > 0) {
    body.stop_sequences = request.stopSequences;
  }
  const metadata = translateMetadata(request.metadata, warnings);
  if (metadata !== undefined) body.metadata = metadata;

  const outputConfig: OutputConfig = {
    ...(thinking.effort !== undefined ? { effort: thinking.effort } : {}),
    ...(request.responseFormat?.type === 'json_schema'
      ? { format: { type: 'json_schema', schema: request.responseFormat.jsonSchema } }
      : {}),
  };
  const { output_config: extraOutputConfig, ...extra } = options.body;
  body = { ...body, ...extra };
  const mergedOutputConfig = { ...outputConfig, ...(isObject(extraOutputConfig) ? extraOutputConfig : {}) };
  if (Object.keys(mergedOutputConfig).length > 0) body.output_config = mergedOutputConfig;

  if (options.autoCache) body = placeCacheBreakpoints(body);
  const beta = joinBetas(
    context.defaultBeta,
    options.betaHeaders,
    hasCacheControl(body) ? [PROMPT_CACHING_BETA] : undefined,
  );
  return { body, headers: beta === undefined ? {} : { 'anthropic-beta': beta }, warnings };
}

/** The Messages API takes one metadata field, `user_id`; anything else would be a 400. */
function translateMetadata(
  metadata: Record<string, string> | undefined,
  warnings: Warning[],
): Metadata | undefined {
  if (metadata === undefined) return undefined;
  const { user_id: userId, ...rest } = metadata;
  if (Object.keys(rest).length > 0) {
    warnings.push({
      code: 'metadata_dropped',
      message: `The Messages API takes only metadata.user_id; ${Object.keys(rest).join(', ')} left out.`,
    });
  }
  return userId === undefined ? undefined : { user_id: userId };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
