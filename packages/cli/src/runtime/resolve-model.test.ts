import { describe, expect, test } from 'vitest';
import { NO_PROVIDER_MESSAGE, providerTable } from './providers.js';
import { parseModelSpec, resolveModel } from './resolve-model.js';

const settings = { providers: { local: { baseUrl: 'http://localhost:11434/v1', model: 'qwen3-coder' } } };
const table = (env: Record<string, string>) => providerTable(env, settings);

describe('resolveModel', () => {
  test('with no key at all: the one documented message', () => {
    expect(() => resolveModel({}, providerTable({}, {}))).toThrow(NO_PROVIDER_MESSAGE);
  });

  test('nothing named: the first usable provider (Anthropic, OpenAI, Gemini, then the settings’) and its default', () => {
    expect(resolveModel({}, table({ OPENAI_API_KEY: 'k', GEMINI_API_KEY: 'k' }))).toMatchObject({
      provider: { name: 'openai' },
      model: 'gpt-5.4',
    });
    // A settings provider with no key setting needs none (a local server).
    expect(resolveModel({}, table({}))).toMatchObject({ provider: { name: 'local' }, model: 'qwen3-coder' });
  });

  test('a model without its provider goes where the catalog lists it', () => {
    const env = { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' };
    expect(resolveModel({ model: 'gpt-4.1' }, table(env))).toMatchObject({
      provider: { name: 'openai' },
      model: 'gpt-4.1',
    });
    expect(resolveModel({ model: 'my-finetune' }, table(env))).toMatchObject({
      provider: { name: 'anthropic' },
    });
  });

  test('flags beat the settings; a settings model for another provider is not carried over', () => {
    const env = { ANTHROPIC_API_KEY: 'k', OPENAI_API_KEY: 'k' };
    expect(resolveModel({ settingsModel: 'openai/gpt-5' }, table(env))).toMatchObject({ model: 'gpt-5' });
    expect(resolveModel({ provider: 'anthropic', settingsModel: 'openai/gpt-5' }, table(env))).toMatchObject({
      provider: { name: 'anthropic' },
      model: 'claude-sonnet-5-5',
    });
    expect(resolveModel({ model: 'local/llama3', settingsProvider: 'openai' }, table(env))).toMatchObject({
      provider: { name: 'local' },
      model: 'llama3',
    });
  });

  test('a provider without its key names the variable to set', () => {
    expect(() => resolveModel({ provider: 'gemini' }, table({ ANTHROPIC_API_KEY: 'k' }))).toThrow(
      'The provider "gemini" has no API key: set GEMINI_API_KEY (or GOOGLE_API_KEY).',
    );
    expect(() => resolveModel({ provider: 'mistral' }, table({ ANTHROPIC_API_KEY: 'k' }))).toThrow(
      /Unknown provider "mistral"/,
    );
  });
});

describe('parseModelSpec', () => {
  test('splits at the first slash only when the prefix is a provider', () => {
    const known = table({});
    expect(parseModelSpec('local/meta-llama/llama-3', known)).toEqual({
      provider: 'local',
      model: 'meta-llama/llama-3',
    });
    expect(parseModelSpec('meta-llama/llama-3', known)).toEqual({
      provider: undefined,
      model: 'meta-llama/llama-3',
    });
    expect(() => parseModelSpec('openai/', known)).toThrow('"openai/" names no model after the provider.');
  });
});
