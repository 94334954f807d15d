import { describe, expect, it } from 'vitest';
import { classifyRgFailure, rgWarnings } from './rg-failure.js';

describe('classifyRgFailure', () => {
  it("recognises ripgrep's regex parse error and keeps its pointer to the problem", () => {
    const stderr = 'rg: regex parse error:\n    (?:foo()\n    ^\nerror: unclosed group\n';
    expect(classifyRgFailure(stderr)).toEqual({
      code: 'INVALID_PATTERN',
      detail: 'regex parse error:\n    (?:foo()\n    ^\nerror: unclosed group',
    });
  });

  it('treats a line break in the pattern as an invalid pattern and drops the advice about --multiline', () => {
    const stderr =
      'rg: the literal "\\n" is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\n';
    expect(classifyRgFailure(stderr)).toEqual({
      code: 'INVALID_PATTERN',
      detail: 'the literal "\\n" is not allowed in a regex',
    });
  });

  it('recognises an unparsable glob', () => {
    const stderr = "rg: error parsing glob '[': unclosed character class; missing ']'\n";
    expect(classifyRgFailure(stderr)).toEqual({
      code: 'INVALID_GLOB',
      detail: "error parsing glob '[': unclosed character class; missing ']'",
    });
  });

  it('reports anything else as a ripgrep failure with its message', () => {
    expect(classifyRgFailure('rg: something odd\n')).toEqual({
      code: 'RIPGREP_FAILED',
      detail: 'something odd',
    });
    expect(classifyRgFailure('')).toEqual({
      code: 'RIPGREP_FAILED',
      detail: 'ripgrep failed without a message',
    });
  });
});

describe('rgWarnings', () => {
  it('lists each "rg: " line without its prefix', () => {
    expect(rgWarnings('rg: ./a: Permission denied (os error 13)\nrg: ./b: File system loop found\n')).toEqual(
      ['./a: Permission denied (os error 13)', './b: File system loop found'],
    );
  });
});
