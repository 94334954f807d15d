import { describe, expect, it } from 'vitest';
import { isSameModel } from './same-model.js';

describe('isSameModel', () => {
  it('treats a dated snapshot as the alias the request named', () => {
    expect(isSameModel('gpt-5.2', 'gpt-5.2-2025-12-11')).toBe(true);
    expect(isSameModel('claude-sonnet-4-5-20250929', 'claude-sonnet-4-5')).toBe(true);
    expect(isSameModel('models/gemini-3-flash-preview', 'gemini-3-flash-preview')).toBe(true);
    expect(isSameModel('gemini-1.5-pro-002', 'gemini-1.5-pro')).toBe(true);
  });

  it('tells different models apart, even of one family', () => {
    expect(isSameModel('claude-sonnet-4-5', 'claude-opus-4-6')).toBe(false);
    expect(isSameModel('gpt-5.2', 'gpt-5.2-mini')).toBe(false);
    expect(isSameModel('gemini-3-flash-preview', 'gemini-3.1-pro-preview')).toBe(false);
  });

  it('treats an unknown (empty) model as matching, so missing data never strips signatures', () => {
    expect(isSameModel('', 'gpt-5.2')).toBe(true);
  });
});
