import type { ProfileCapabilities } from '@weft/agent-core';
import { lookupModelFacts } from './model-facts.js';

/** What every profile factory accepts besides its own options. */
export interface ProfileOptions {
  /** The model id requests go out with. */
  model: string;
  /** The @weft/llm provider requests route to. Default: the profile's family. */
  provider?: string;
  /** Tokens; default from the model-family table (see lookupModelFacts). */
  contextWindow?: number;
  /** 'YYYY-MM', shown in the environment block; default from the table when known. */
  knowledgeCutoff?: string;
  /** Whether the model reasons; default from the table. */
  reasoning?: boolean;
  /** Whether the model accepts images; default from the table. */
  vision?: boolean;
  /** Whether tool calls of one response may run concurrently; default: what the reference agent does. */
  parallelToolCalls?: boolean;
}

/** A profile's capabilities: the host's options first, then the model table, then the profile's defaults. */
export function resolveCapabilities(
  options: ProfileOptions,
  defaults: { parallelToolCalls: boolean },
): ProfileCapabilities {
  const facts = lookupModelFacts(options.model);
  const knowledgeCutoff = options.knowledgeCutoff ?? facts.knowledgeCutoff;
  return {
    parallelToolCalls: options.parallelToolCalls ?? defaults.parallelToolCalls,
    reasoning: options.reasoning ?? facts.reasoning,
    streaming: true,
    contextWindow: options.contextWindow ?? facts.contextWindow,
    vision: options.vision ?? facts.vision,
    ...(knowledgeCutoff === undefined ? {} : { knowledgeCutoff }),
  };
}
