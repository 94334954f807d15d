import { countLines } from '@weft/agent-core';
import { describe, expect, it } from 'vitest';
import { LineCounter } from './line-counter.js';

describe('LineCounter', () => {
  it('counts like countLines however the text is split', () => {
    for (const text of ['', 'a', 'a\n', 'a\nb', 'a\nb\n', '\n', '\n\n', 'x\n\ny']) {
      for (let cut = 0; cut <= text.length; cut++) {
        const counter = new LineCounter();
        counter.add(text.slice(0, cut));
        counter.add(text.slice(cut));
        expect(counter.lines, JSON.stringify(text)).toBe(countLines(text));
      }
    }
  });
});
