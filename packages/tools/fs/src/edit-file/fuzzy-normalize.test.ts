import { describe, expect, it } from 'vitest';
import { fuzzyNormalize, fuzzyView } from './fuzzy-normalize.js';

describe('fuzzy normalisation (seed 004 §A)', () => {
  it('removes whitespace at the end of each line, Unicode spaces included', () => {
    expect(fuzzyNormalize('a  \nb\t\nc\u00A0\u3000\nd  ')).toBe('a\nb\nc\nd');
  });

  it('folds curly quotes, Unicode dashes and special spaces', () => {
    expect(fuzzyNormalize('\u2018a\u2019 \u201Cb\u201D \u201A\u201B\u201E\u201F')).toBe(`'a' "b" ''""`);
    expect(fuzzyNormalize('1\u20102\u20113\u20124\u20135\u20146\u20157\u22128')).toBe('1-2-3-4-5-6-7-8');
    expect(fuzzyNormalize('a\u00A0b\u2002c\u2009d\u202Fe\u205Ff\u3000g')).toBe('a b c d e f g');
  });

  it('applies NFKC: fullwidth forms, ligatures and composed accents', () => {
    expect(fuzzyNormalize('\uFF21\uFF22\uFF08\uFF11\uFF09')).toBe('AB(1)');
    expect(fuzzyNormalize('\uFB01le')).toBe('file');
    expect(fuzzyNormalize('cafe\u0301')).toBe('café');
  });

  it('leaves ASCII without trailing whitespace as it is, without copying it', () => {
    const text = 'const a = 1;\n  return a;\n';
    const view = fuzzyView(text);
    expect(view.isIdentity).toBe(true);
    expect(view.text).toBe(text);
  });

  it('maps positions in the normalised text back to the source', () => {
    const source = 'x \u201Cab\u201D   \ny';
    const view = fuzzyView(source);
    expect(view.text).toBe('x "ab"\ny');
    // '"ab"' starts at view 2 and ends at view 6; in the source it is 2..6 and the trailing
    // spaces after it (6..9) go with a match that ends there.
    expect(view.toSourceStart(2)).toBe(2);
    expect(view.toSourceEnd(6)).toBe(9);
    expect(view.toSourceStart(7)).toBe(10);
  });

  it('maps a match ending inside an expanded character to the whole character', () => {
    const view = fuzzyView('a\uFB01b'); // "ﬁ" becomes "fi"
    expect(view.text).toBe('afib');
    expect(view.toSourceEnd(2)).toBe(2); // ends inside "fi": takes the whole "ﬁ"
    expect(view.toSourceStart(2)).toBe(1);
    expect(view.toSourceEnd(3)).toBe(2);
  });
});
