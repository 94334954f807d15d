import { describe, expect, it } from 'vitest';
import { detectImage, looksBinary } from './content-kind.js';

describe('content detection', () => {
  it('recognises images by signature only', () => {
    expect(detectImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(detectImage(Buffer.from('GIF87a....'))).toBe('image/gif');
    expect(detectImage(Buffer.from('RIFF....WEBP'))).toBe('image/webp');
    expect(detectImage(Buffer.from('RIFF....WAVE'))).toBeUndefined();
    expect(detectImage(Buffer.from('plain text'))).toBeUndefined();
  });

  it('calls content with a NUL byte binary', () => {
    expect(looksBinary(Buffer.from('text\0more'))).toBe(true);
    expect(looksBinary(Buffer.from('中文 text'))).toBe(false);
  });
});
