import { describe, expect, it } from 'vitest';
import { summarize } from './tool-descriptions.js';

describe('summarize', () => {
  it('keeps the first sentence of the first paragraph, whitespace collapsed', () => {
    expect(summarize('  Reads a file.\nLine two.')).toBe('Reads a file.');
    expect(summarize('Finds files by glob (e.g. **/*.ts)\nsorted by time.\n\nDetails.')).toBe(
      'Finds files by glob (e.g. **/*.ts) sorted by time.',
    );
  });

  it('caps a long first sentence with an ellipsis', () => {
    const summary = summarize(`${'word '.repeat(100)}end.`);
    expect(summary.length).toBe(200);
    expect(summary.endsWith('…')).toBe(true);
  });
});
