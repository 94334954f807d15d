import { describe, expect, it } from 'vitest';
import { completeLength, nextCharStart, Utf8Aligner } from './utf8-aligner.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('Utf8Aligner', () => {
  it('passes ASCII through untouched', () => {
    const aligner = new Utf8Aligner();
    expect(aligner.push(bytes('hello')).toString()).toBe('hello');
    expect(aligner.flush().length).toBe(0);
  });

  it('holds back a character split across chunks and completes it with the next one', () => {
    const all = bytes('a你🙂b');
    // Split at every possible position: every piece decodes cleanly and the pieces join to the text.
    for (let cut = 0; cut <= all.length; cut++) {
      const aligner = new Utf8Aligner();
      const first = aligner.push(all.subarray(0, cut)).toString();
      const second = aligner.push(all.subarray(cut)).toString();
      expect(first.includes('\uFFFD') || second.includes('\uFFFD')).toBe(false);
      expect(first + second).toBe('a你🙂b');
    }
  });

  it('survives a 4-byte character arriving one byte at a time', () => {
    const aligner = new Utf8Aligner();
    const out = [...bytes('🙂')].map((byte) => aligner.push(Buffer.from([byte])).toString());
    expect(out).toEqual(['', '', '', '🙂']);
  });

  it('hands back an unfinished character at the end so no byte is lost', () => {
    const aligner = new Utf8Aligner();
    aligner.push(Buffer.from([0x61, 0xe4, 0xbd]));
    expect([...aligner.flush()]).toEqual([0xe4, 0xbd]);
  });

  it('does not hold back invalid bytes forever', () => {
    const aligner = new Utf8Aligner();
    expect([...aligner.push(Buffer.from([0x80, 0x80, 0x80, 0x80]))]).toEqual([0x80, 0x80, 0x80, 0x80]);
  });
});

describe('completeLength and nextCharStart', () => {
  it('find character boundaries', () => {
    const text = bytes('x你');
    expect(completeLength(text.subarray(0, 2))).toBe(1);
    expect(completeLength(text)).toBe(4);
    expect(nextCharStart(text, 2)).toBe(4);
    expect(nextCharStart(text, 1)).toBe(1);
  });
});
