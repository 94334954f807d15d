import { listModels } from '@weft/llm';
import { describe, expect, it } from 'vitest';
import { lookupModelFacts, UNKNOWN_MODEL_FACTS } from './model-facts.js';

describe('the model-family table', () => {
  // @weft/llm is only a devDependency: at run time profiles keep their own table, and this test
  // keeps the two in step for every model the catalog knows.
  it.each(listModels().map((model) => [model.id, model] as const))(
    '%s: same context window, reasoning and vision as @weft/llm’s catalog',
    (id, model) => {
      const facts = lookupModelFacts(id);
      expect(facts.contextWindow).toBe(model.contextWindow);
      expect(facts.reasoning).toBe(model.capabilities.reasoning === true);
      expect(facts.vision).toBe(model.capabilities.vision === true);
    },
  );

  it('matches the longest prefix, ignoring a provider prefix and case', () => {
    expect(lookupModelFacts('gpt-5.2-pro-2026-01-01').contextWindow).toBe(400_000);
    expect(lookupModelFacts('gpt-5.2-codex').contextWindow).toBe(1_047_576);
    expect(lookupModelFacts('openai/GPT-4.1-mini')).toMatchObject({
      contextWindow: 1_047_576,
      reasoning: false,
    });
    expect(lookupModelFacts('claude-sonnet-4-5-20250929')).toMatchObject({ knowledgeCutoff: '2025-01' });
  });

  it('claims nothing beyond a common window for an unknown model', () => {
    expect(lookupModelFacts('llama-3-70b')).toEqual(UNKNOWN_MODEL_FACTS);
  });
});
