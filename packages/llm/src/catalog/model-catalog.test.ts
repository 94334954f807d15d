import { afterEach, describe, expect, it } from 'vitest';
import catalogData from '../../data/models.json' with { type: 'json' };
import { ConfigurationError } from '../errors/sdk-error.js';
import {
  getLatestModel,
  getModelInfo,
  listModels,
  registerModels,
  resetModelCatalog,
} from './model-catalog.js';

afterEach(() => resetModelCatalog());

const SPEC_SEEDS = [
  ['claude-opus-4-6', 'anthropic', 200_000],
  ['claude-sonnet-4-5', 'anthropic', 200_000],
  ['gpt-5.2', 'openai', 1_047_576],
  ['gpt-5.2-mini', 'openai', 1_047_576],
  ['gpt-5.2-codex', 'openai', 1_047_576],
  ['gemini-3.1-pro-preview', 'gemini', 1_048_576],
  ['gemini-3-flash-preview', 'gemini', 1_048_576],
] as const;

describe('model catalog', () => {
  it('U1.8 holds every seed entry of the spec with its provider, context window and capabilities', () => {
    for (const [id, provider, contextWindow] of SPEC_SEEDS) {
      expect(getModelInfo(id), id).toMatchObject({
        id,
        provider,
        contextWindow,
        capabilities: { tools: true, vision: true, reasoning: true },
      });
    }
  });

  it('holds the current models the installed SDKs name', () => {
    for (const id of [
      'claude-sonnet-5-5',
      'claude-opus-5-5',
      'claude-haiku-5-5',
      'gpt-5.4',
      'gemini-3.5-flash',
    ]) {
      expect(getModelInfo(id)?.id).toBe(id);
    }
  });

  it('U1.8 lists models per provider, and all of them without one', () => {
    const all = listModels();
    expect(all.length).toBe(catalogData.models.length);
    for (const provider of ['anthropic', 'openai', 'gemini']) {
      const mine = listModels(provider);
      expect(mine.length).toBeGreaterThan(3);
      expect(mine.every((model) => model.provider === provider)).toBe(true);
    }
    expect(listModels('nobody')).toEqual([]);
  });

  it('finds a model by alias (a dated snapshot) and by a Gemini models/ name', () => {
    expect(getModelInfo('claude-sonnet-4-5-20250929')?.id).toBe('claude-sonnet-4-5');
    expect(getModelInfo('models/gemini-2.5-pro')?.id).toBe('gemini-2.5-pro');
  });

  it('passes unknown ids through as unknown rather than failing', () => {
    expect(getModelInfo('nonexistent-model-xyz')).toBeUndefined();
  });

  it('returns the newest model of a provider, optionally with a capability', () => {
    expect(getLatestModel('anthropic')?.id).toBe(listModels('anthropic')[0]?.id);
    expect(getLatestModel('openai', 'reasoning')?.capabilities.reasoning).toBe(true);
    expect(getLatestModel('nobody')).toBeUndefined();
  });

  it('has unique ids and aliases, and well-formed figures (the shipped file)', () => {
    const names = listModels().flatMap((model) => [model.id, ...model.aliases]);
    expect(new Set(names).size).toBe(names.length);
    for (const model of listModels()) {
      if (model.maxOutput !== undefined) expect(model.maxOutput).toBeLessThanOrEqual(model.contextWindow);
    }
  });

  it('lets an application add or re-price models at run time', () => {
    registerModels([
      {
        id: 'gpt-5.2',
        provider: 'openai',
        displayName: 'GPT-5.2',
        contextWindow: 1_047_576,
        capabilities: { tools: true, vision: true, reasoning: true },
        prices: { input: 2, output: 16 },
      },
      {
        id: 'my-local-model',
        provider: 'ollama',
        displayName: 'Local',
        contextWindow: 32_768,
        capabilities: { tools: true, vision: false, reasoning: false },
      },
    ]);
    expect(getModelInfo('gpt-5.2')?.prices).toEqual({ input: 2, output: 16 });
    expect(getLatestModel('ollama')?.id).toBe('my-local-model');
    expect(listModels('openai')[0]?.id).toBe(catalogData.models.find((m) => m.provider === 'openai')?.id);
  });

  it('rejects malformed entries with the entry and field named', () => {
    expect(() => registerModels([{ id: 'x', provider: 'p', displayName: 'X', contextWindow: -1 }])).toThrow(
      new ConfigurationError('Model catalog entry 0: "contextWindow" must be a positive number.'),
    );
  });
});
