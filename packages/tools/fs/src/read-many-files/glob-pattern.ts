/**
 * Glob patterns for read_many_files, matched against '/'-separated paths relative to a base
 * folder: `*` and `?` stay within one path segment, `**` spans any number of segments
 * (including none), `[abc]` / `[!a-z]` are character classes and `{a,b}` alternatives. Matching
 * ignores case and lets wildcards match dotfiles, as gemini-cli's does.
 */
export function globToRegExp(pattern: string): RegExp {
  return new RegExp(`^${translate(pattern)}$`, 'i');
}

/** True when `pattern` has any glob syntax (otherwise it names one path). */
export function hasGlobSyntax(pattern: string): boolean {
  return /[*?[\]{}]/.test(pattern);
}

/**
 * The folder a pattern's matches all live under: its leading segments without glob syntax
 * ('src/lib/**\/*.ts' → 'src/lib'), and the rest of the pattern relative to it.
 */
export function splitGlobBase(pattern: string): { base: string; rest: string } {
  const segments = pattern.split('/');
  const baseSegments: string[] = [];
  while (segments.length > 1 && !hasGlobSyntax(segments[0]!)) baseSegments.push(segments.shift()!);
  const base = baseSegments.join('/');
  return { base: base === '' && pattern.startsWith('/') ? '/' : base || '.', rest: segments.join('/') };
}

/** Levels below the base a pattern can reach: Infinity with `**`, else its segment count. */
export function globDepth(rest: string): number {
  return rest.includes('**') ? Number.POSITIVE_INFINITY : rest.split('/').length;
}

function translate(pattern: string): string {
  let out = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentStart = index === 0 || pattern[index - 1] === '/';
        const next = pattern[index + 2];
        if (atSegmentStart && next === '/') {
          out += '(?:.*/)?'; // "**/": any number of whole segments, including none
          index += 2;
          continue;
        }
        if (atSegmentStart && next === undefined) {
          out += '.*';
          index += 1;
          continue;
        }
      }
      out += '[^/]*';
      while (pattern[index + 1] === '*') index++;
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close === -1) {
        out += '\\[';
        continue;
      }
      let body = pattern.slice(index + 1, close);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      out += `[${negated ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\]/g, '\\]')}]`;
      index = close;
    } else if (char === '{') {
      const close = pattern.indexOf('}', index);
      if (close === -1) {
        out += '\\{';
        continue;
      }
      const options = pattern.slice(index + 1, close).split(',');
      out += `(?:${options.map(translate).join('|')})`;
      index = close;
    } else {
      out += char.replace(/[.+^$()|\\/]/g, '\\$&');
    }
  }
  return out;
}
