import { describe, expect, it } from 'vitest';
import { toDisplayPath } from './display-path.js';

describe('toDisplayPath', () => {
  it('shows a path inside the working directory relative to it', () => {
    expect(toDisplayPath('/work/app/src/a.ts', '/work/app')).toBe('src/a.ts');
  });

  it('shows the working directory itself as "."', () => {
    expect(toDisplayPath('/work/app', '/work/app')).toBe('.');
    expect(toDisplayPath('/work/app', '/work/app/')).toBe('.');
  });

  it('keeps a path outside the working directory absolute, even when it shares a name prefix', () => {
    expect(toDisplayPath('/work/app-old/a.ts', '/work/app')).toBe('/work/app-old/a.ts');
    expect(toDisplayPath('/etc/hosts', '/work/app')).toBe('/etc/hosts');
  });

  it('works when the working directory is the file-system root', () => {
    expect(toDisplayPath('/etc/hosts', '/')).toBe('etc/hosts');
  });
});
