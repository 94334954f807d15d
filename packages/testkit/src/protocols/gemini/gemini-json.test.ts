import { describe, expect, it } from 'vitest';
import { geminiJson } from './gemini-json.js';

describe('geminiJson', () => {
  it('writes ": " after keys and bare commas between members, as Gemini’s stream does', () => {
    expect(
      geminiJson({ candidates: [{ content: { parts: [{ text: 'A' }], role: 'model' }, index: 0 }] }),
    ).toBe('{"candidates": [{"content": {"parts": [{"text": "A"}],"role": "model"},"index": 0}]}');
  });

  it('escapes strings as JSON does and drops undefined members', () => {
    expect(geminiJson({ a: 'line\n"q"', b: undefined, c: null })).toBe('{"a": "line\\n\\"q\\"","c": null}');
  });
});
