import {
  chmodSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.js';

describe('writeFileAtomic', () => {
  it('replaces a file and leaves no temporary file behind', () => {
    using dir = createTempDir('atomic-');
    writeFileSync(dir.join('f.txt'), 'old');
    writeFileAtomic(dir.join('f.txt'), 'new');
    expect(readFileSync(dir.join('f.txt'), 'utf8')).toBe('new');
    expect(readdirSync(dir.path)).toEqual(['f.txt']);
  });

  it('keeps the mode of the file it replaces', () => {
    using dir = createTempDir('atomic-');
    writeFileSync(dir.join('run.sh'), 'echo');
    chmodSync(dir.join('run.sh'), 0o751);
    writeFileAtomic(dir.join('run.sh'), 'echo hi');
    expect(statSync(dir.join('run.sh')).mode & 0o777).toBe(0o751);
  });

  it('writes through a symbolic link to its target and keeps the link', () => {
    using dir = createTempDir('atomic-');
    writeFileSync(dir.join('target.txt'), 'old');
    symlinkSync('target.txt', dir.join('link.txt'));
    writeFileAtomic(dir.join('link.txt'), 'new');
    expect(readFileSync(dir.join('target.txt'), 'utf8')).toBe('new');
    expect(realpathSync(dir.join('link.txt'))).toBe(dir.join('target.txt'));
  });

  it('refuses a folder without touching it', () => {
    using dir = createTempDir('atomic-');
    expect(() => writeFileAtomic(dir.path, 'x')).toThrow(expect.objectContaining({ code: 'EISDIR' }));
    expect(readdirSync(dir.path)).toEqual([]);
  });
});
