import { describe, expect, test } from 'vitest';
import { mergeSettings } from './load-settings.js';
import { parseSettings } from './parse-settings.js';

const FILE = '/home/me/.config/weft/settings.json';

describe('parseSettings', () => {
  test('accepts every key', () => {
    const { settings, warnings } = parseSettings(
      {
        provider: 'local',
        model: 'local/qwen3-coder',
        effort: 'medium',
        tools: 'minimal',
        allowedTools: ['read_file'],
        systemPromptAppend: 'Be brief.',
        maxTurns: 40,
        maxCostUsd: 1.5,
        compaction: false,
        providers: {
          local: { baseUrl: 'http://localhost:11434/v1', model: 'qwen3-coder', preset: 'ollama' },
        },
        models: [],
      },
      FILE,
    );
    expect(warnings).toEqual([]);
    expect(settings).toMatchObject({ provider: 'local', maxTurns: 40, compaction: false });
    expect(settings.providers?.local).toEqual({
      baseUrl: 'http://localhost:11434/v1',
      model: 'qwen3-coder',
      preset: 'ollama',
    });
  });

  test('wrong values name the file and the key', () => {
    expect(() => parseSettings({ maxTurns: -1 }, FILE)).toThrow(
      `${FILE}: "maxTurns" must be a whole number of at least 1 (got -1).`,
    );
    expect(() => parseSettings({ providers: { local: { url: 'x' } } }, FILE)).toThrow(
      `${FILE}: "providers".local.baseUrl must be a non-empty string.`,
    );
    expect(() => parseSettings({ providers: { openai: { baseUrl: 'http://x' } } }, FILE)).toThrow(
      /is built in/,
    );
    expect(() => parseSettings({ providers: { local: { baseUrl: 'http://x', key: 'k' } } }, FILE)).toThrow(
      /local\.key is not a provider setting/,
    );
    expect(() => parseSettings([], FILE)).toThrow(`${FILE}: the settings must be a JSON object.`);
  });

  test('unknown keys are warnings', () => {
    expect(parseSettings({ theme: 'dark' }, FILE).warnings).toEqual([
      `${FILE}: unknown settings key "theme" ignored (known: provider, model, effort, tools, allowedTools, systemPromptAppend, maxTurns, maxCostUsd, compaction, providers, models).`,
    ]);
  });
});

describe('mergeSettings', () => {
  test('the later file wins key by key; providers merge by name; models add up', () => {
    const user = {
      model: 'a',
      effort: 'low' as const,
      providers: { one: { baseUrl: 'http://1' } },
      models: [1],
    };
    const project = { model: 'b', providers: { two: { baseUrl: 'http://2' } }, models: [2] };
    expect(mergeSettings(user, project)).toEqual({
      model: 'b',
      effort: 'low',
      providers: { one: { baseUrl: 'http://1' }, two: { baseUrl: 'http://2' } },
      models: [1, 2],
    });
  });
});
