import { describe, expect, it } from 'vitest';
import { lineText } from '../terminal/styled.js';
import { textWidth } from '../terminal/width.js';
import { formatCost, formatPercent, formatTokens } from './format.js';
import { type StatusInfo, statusLine } from './status-line.js';

const INFO: StatusInfo = {
  provider: 'anthropic',
  model: 'claude-sonnet-5-5',
  effort: 'high',
  tokens: 12_345,
  contextFraction: 0.143,
  costUsd: 0.0123,
};

describe('statusLine', () => {
  it('shows model, effort, tokens, context fill and cost', () => {
    expect(lineText(statusLine(INFO, 80))).toBe(
      'anthropic/claude-sonnet-5-5 · effort high · 12.3k tokens · context 14% · $0.01',
    );
  });

  it('shortens to fit narrower terminals', () => {
    expect(lineText(statusLine(INFO, 70))).toBe(
      'claude-sonnet-5-5 · effort high · 12.3k tokens · context 14% · $0.01',
    );
    expect(lineText(statusLine(INFO, 56))).toBe('claude-sonnet-5-5 · high · 12.3k tok · ctx 14% · $0.01');
    expect(lineText(statusLine(INFO, 50))).toBe('claude-sonnet-5-5 · 12.3k tok · ctx 14% · $0.01');
    const tiny = lineText(statusLine(INFO, 30));
    expect(textWidth(tiny)).toBe(30);
    expect(tiny.endsWith('…')).toBe(true);
  });

  it('says when the effort, the context fill or the price is unknown', () => {
    const text = lineText(
      statusLine({ ...INFO, effort: undefined, contextFraction: undefined, costUsd: undefined }, 80),
    );
    expect(text).toBe('anthropic/claude-sonnet-5-5 · effort default · 12.3k tokens · context – · n/a');
  });
});

describe('formatting', () => {
  it('formats tokens, costs and percentages compactly', () => {
    expect([formatTokens(950), formatTokens(12_345), formatTokens(250_000), formatTokens(1_234_567)]).toEqual(
      ['950', '12.3k', '250k', '1.23M'],
    );
    expect([formatCost(0), formatCost(0.0042), formatCost(1.5), formatCost(undefined)]).toEqual([
      '$0.00',
      '$0.0042',
      '$1.50',
      'n/a',
    ]);
    expect([formatPercent(0.004), formatPercent(0.5)]).toEqual(['<1%', '50%']);
  });
});
