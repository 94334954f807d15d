import { describe, expect, it } from 'vitest';
import { pathVariants } from './path-variants.js';

describe('pathVariants (macOS file-name fallbacks, seed 004 §C)', () => {
  it('tries the path as given first', () => {
    expect(pathVariants('src/a.ts')).toEqual(['src/a.ts']);
  });

  it('offers the narrow no-break space macOS puts before AM/PM in screenshot names', () => {
    expect(pathVariants('Shot at 3.42.10 PM.png')).toContain('Shot at 3.42.10\u202FPM.png');
  });

  it('offers the decomposed (NFD) spelling and the curly apostrophe, alone and together', () => {
    const variants = pathVariants("Capture d'écran.png");
    expect(variants).toContain("Capture d'e\u0301cran.png");
    expect(variants).toContain('Capture d\u2019écran.png');
    expect(variants).toContain('Capture d\u2019e\u0301cran.png');
  });

  it('turns Unicode spaces typed by the model into plain ones', () => {
    expect(pathVariants('my\u00A0notes.txt')).toContain('my notes.txt');
  });

  it('drops a leading "@" as a last resort', () => {
    expect(pathVariants('@src/a.ts')).toEqual(['@src/a.ts', 'src/a.ts']);
  });
});
