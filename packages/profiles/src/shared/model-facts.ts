/**
 * What a profile states about its model when the host does not say: context window, whether it
 * reasons, whether it sees images, its knowledge cutoff. @weft/llm has a model catalog, but
 * profiles may depend only on agent-core and the tool packages at run time, so this small table
 * of model families is our own; a test checks it against the catalog for every model the
 * catalog knows. Families are matched by the longest prefix of the model id (a provider prefix
 * such as `openai/` is ignored), so a new dated model inherits its family's figures.
 */
export interface ModelFacts {
  /** Tokens. */
  contextWindow: number;
  reasoning: boolean;
  vision: boolean;
  /** 'YYYY-MM', when published by the provider. */
  knowledgeCutoff?: string;
}

// Knowledge cutoffs are listed only where the provider's documentation states one; otherwise the
// environment block says nothing rather than something wrong.

interface FamilyRow extends ModelFacts {
  prefix: string;
}

const FAMILIES: readonly FamilyRow[] = [
  // Anthropic: every current Claude model has a 200k window (1M only behind a beta header).
  { prefix: 'claude-', contextWindow: 200_000, reasoning: true, vision: true },
  { prefix: 'claude-3-5-haiku', contextWindow: 200_000, reasoning: false, vision: true },
  { prefix: 'claude-3-haiku', contextWindow: 200_000, reasoning: false, vision: true },
  {
    prefix: 'claude-sonnet-4-5',
    contextWindow: 200_000,
    reasoning: true,
    vision: true,
    knowledgeCutoff: '2025-01',
  },
  {
    prefix: 'claude-haiku-4-5',
    contextWindow: 200_000,
    reasoning: true,
    vision: true,
    knowledgeCutoff: '2025-02',
  },
  // OpenAI.
  { prefix: 'gpt-5', contextWindow: 400_000, reasoning: true, vision: true },
  { prefix: 'gpt-5.2', contextWindow: 1_047_576, reasoning: true, vision: true },
  { prefix: 'gpt-5.2-pro', contextWindow: 400_000, reasoning: true, vision: true },
  { prefix: 'gpt-4.1', contextWindow: 1_047_576, reasoning: false, vision: true, knowledgeCutoff: '2024-06' },
  { prefix: 'gpt-4o', contextWindow: 128_000, reasoning: false, vision: true },
  { prefix: 'o3', contextWindow: 200_000, reasoning: true, vision: true },
  { prefix: 'o4-mini', contextWindow: 200_000, reasoning: true, vision: true },
  { prefix: 'gpt-oss', contextWindow: 131_072, reasoning: true, vision: false },
  { prefix: 'codex-', contextWindow: 200_000, reasoning: true, vision: true },
  // Google: Gemini 2.5 and later have a 1M-token window.
  { prefix: 'gemini-', contextWindow: 1_048_576, reasoning: true, vision: true },
  {
    prefix: 'gemini-2.5',
    contextWindow: 1_048_576,
    reasoning: true,
    vision: true,
    knowledgeCutoff: '2025-01',
  },
  { prefix: 'gemini-2.0', contextWindow: 1_048_576, reasoning: false, vision: true },
];

/** When nothing matches: a window every current chat model has, and no claims beyond it. */
export const UNKNOWN_MODEL_FACTS: Readonly<ModelFacts> = Object.freeze({
  contextWindow: 128_000,
  reasoning: false,
  vision: false,
});

/** The facts of `model`'s family (longest matching prefix), or the unknown-model defaults. */
export function lookupModelFacts(model: string): ModelFacts {
  const id = model.replace(/^.*\//, '').toLowerCase();
  let best: FamilyRow | undefined;
  for (const row of FAMILIES) {
    if (id.startsWith(row.prefix) && (!best || row.prefix.length > best.prefix.length)) best = row;
  }
  if (!best) return { ...UNKNOWN_MODEL_FACTS };
  const { prefix: _prefix, ...facts } = best;
  return facts;
}
