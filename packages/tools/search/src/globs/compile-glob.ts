/** A glob ripgrep would reject, with ripgrep's wording so both sources of errors read alike. */
export class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
  readonly glob: string;

  constructor(glob: string, problem: string) {
    super(`error parsing glob '${glob}': ${problem}`);
    this.glob = glob;
  }
}

/** A compiled glob: `test` takes a '/'-separated path relative to the folder searched. */
export interface CompiledGlob {
  readonly source: string;
  test(relativePath: string): boolean;
  /**
   * A glob for the file name alone that every match satisfies (`*.ts` for `src/**\/*.ts`), so
   * ripgrep can skip other files before we see them; undefined when there is none.
   */
  readonly fileNameGlob: string | undefined;
}

/**
 * Compiles a glob with ripgrep's `--glob` semantics (gitignore style), to filter paths after
 * ripgrep has applied the ignore rules. (ripgrep's own `--glob` whitelist overrides .gitignore:
 * `--glob '*'` would list node_modules.)
 *
 * - Without a '/', a glob matches the file name at any depth; with one, or with a leading '/',
 *   it matches the whole relative path. A trailing '/' means everything below.
 * - `*` and `?` stop at '/'; `**` as a whole segment spans folders ("**\/a", "a/**", "a/**\/b");
 *   elsewhere it acts as `*`.
 * - `[abc]`, `[a-z]`, `[!a]` / `[^a]`, `{a,b}` (nestable) and `\` escapes.
 */
export function compileGlob(glob: string, options: { caseInsensitive?: boolean } = {}): CompiledGlob {
  let body = glob;
  if (body.endsWith('/') && body.length > 1) body = `${body}**`;
  const anchored = body.startsWith('/') || body.includes('/');
  if (body.startsWith('/')) body = body.slice(1);
  const translation = new GlobTranslator(glob, body).translate();
  const regex = new RegExp(
    `${anchored ? '^' : '(?:^|/)'}${translation}$`,
    options.caseInsensitive ? 'is' : 's',
  );
  return {
    source: glob,
    test: (relativePath) => regex.test(relativePath),
    fileNameGlob: options.caseInsensitive ? undefined : fileNameGlobOf(body),
  };
}

function fileNameGlobOf(body: string): string | undefined {
  // Braces may hold a '/' ("{src,lib}/*.ts"), which makes the last segment unknowable cheaply.
  if (body.includes('{') && body.includes('/')) return undefined;
  const last = body.slice(body.lastIndexOf('/') + 1);
  // ripgrep's type definitions are "name:glob", so a ':' cannot be expressed there.
  if (last === '' || last.includes('**') || last.includes(':')) return undefined;
  return last;
}

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

class GlobTranslator {
  private position = 0;

  constructor(
    private readonly original: string,
    private readonly text: string,
  ) {}

  translate(): string {
    const out = this.sequence(false);
    if (this.position < this.text.length) {
      throw new GlobSyntaxError(
        this.original,
        "unopened alternate group; missing '{' (maybe escape '}' with '[}]'?)",
      );
    }
    return out;
  }

  /** Translates until the end, or (inside braces) until an unnested ',' or '}'. */
  private sequence(inBraces: boolean): string {
    let out = '';
    while (this.position < this.text.length) {
      const char = this.text[this.position]!;
      if (inBraces && (char === ',' || char === '}')) return out;
      if (!inBraces && char === '}') return out;
      if (char === '\\') {
        const next = this.text[this.position + 1];
        out += next === undefined ? '\\\\' : escapeRegex(next);
        this.position += 2;
      } else if (char === '*') {
        out += this.star();
      } else if (char === '?') {
        out += '[^/]';
        this.position++;
      } else if (char === '[') {
        out += this.characterClass();
      } else if (char === '{') {
        out += this.alternation();
      } else {
        out += escapeRegex(char);
        this.position++;
      }
    }
    return out;
  }

  private star(): string {
    const start = this.position;
    let end = start;
    while (this.text[end] === '*') end++;
    this.position = end;
    const wholeSegment =
      end - start >= 2 &&
      (start === 0 || this.text[start - 1] === '/') &&
      (end === this.text.length || this.text[end] === '/');
    if (!wholeSegment) return '[^/]*';
    if (end === this.text.length) return start === 0 ? '.*' : '.+';
    // "**/": zero or more folders.
    this.position = end + 1;
    return '(?:.*/)?';
  }

  private characterClass(): string {
    let index = this.position + 1;
    let negated = false;
    if (this.text[index] === '!' || this.text[index] === '^') {
      negated = true;
      index++;
    }
    let members = '';
    let first = true;
    while (index < this.text.length && (this.text[index] !== ']' || first)) {
      const char = this.text[index]!;
      members += char === '-' ? '-' : escapeClassMember(char);
      first = false;
      index++;
    }
    if (index >= this.text.length)
      throw new GlobSyntaxError(this.original, "unclosed character class; missing ']'");
    this.position = index + 1;
    return negated ? `[^/${members}]` : `[${members}]`;
  }

  private alternation(): string {
    this.position++; // '{'
    const alternatives: string[] = [];
    for (;;) {
      alternatives.push(this.sequence(true));
      const char = this.text[this.position];
      if (char === undefined) {
        throw new GlobSyntaxError(
          this.original,
          "unclosed alternate group; missing '}' (maybe escape '{' with '[{]'?)",
        );
      }
      this.position++;
      if (char === '}') return `(?:${alternatives.join('|')})`;
    }
  }
}

function escapeRegex(char: string): string {
  return char.replace(REGEX_SPECIAL, '\\$&');
}

function escapeClassMember(char: string): string {
  return char === '\\' || char === ']' || char === '[' || char === '^' ? `\\${char}` : char;
}
