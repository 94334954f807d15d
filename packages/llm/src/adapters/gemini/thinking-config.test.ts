import { describe, expect, it } from 'vitest';
import type { ReasoningEffort } from '../../types/request.js';
import { thinkingConfigFor } from './thinking-config.js';

describe('thinkingConfigFor', () => {
  it('sends nothing when no effort is asked for, leaving the model its default', () => {
    expect(thinkingConfigFor('gemini-3-pro-preview', undefined)).toBeUndefined();
    expect(thinkingConfigFor('gemini-2.5-pro', undefined)).toBeUndefined();
  });

  it.each<[ReasoningEffort, string]>([
    ['none', 'MINIMAL'],
    ['minimal', 'MINIMAL'],
    ['low', 'LOW'],
    ['medium', 'MEDIUM'],
    ['high', 'HIGH'],
    ['xhigh', 'HIGH'],
  ])('maps %s to thinkingLevel %s on Gemini 3 and later', (effort, level) => {
    for (const model of ['gemini-3-pro-preview', 'gemini-3.1-pro-preview', 'models/gemini-3-flash-preview']) {
      expect(thinkingConfigFor(model, effort)).toEqual({
        thinkingLevel: level,
        includeThoughts: effort !== 'none',
      });
    }
  });

  it.each<[ReasoningEffort, number, number, number]>([
    // effort, 2.5 Flash, 2.5 Flash-Lite, 2.5 Pro
    ['none', 0, 0, 128],
    ['minimal', 512, 512, 512],
    ['low', 1024, 1024, 1024],
    ['medium', 8192, 8192, 8192],
    ['high', 24_576, 24_576, 24_576],
    ['xhigh', 24_576, 24_576, 32_768],
  ])('maps %s to a thinkingBudget inside each 2.5 model’s range', (effort, flash, lite, pro) => {
    const budget = (model: string) => thinkingConfigFor(model, effort)?.thinkingBudget;
    expect([budget('gemini-2.5-flash'), budget('gemini-2.5-flash-lite'), budget('gemini-2.5-pro')]).toEqual([
      flash,
      lite,
      pro,
    ]);
  });

  it('uses thinkingBudget for ids that name no version (aliases), which every thinking model accepts', () => {
    expect(thinkingConfigFor('gemini-flash-latest', 'high')).toEqual({
      thinkingBudget: 24_576,
      includeThoughts: true,
    });
  });
});
