import { parsePatch } from '../parser/parse-patch.js';

/** A shell command recognised as an apply_patch call. */
export type ApplyPatchInvocation =
  | {
      kind: 'apply_patch';
      /** The heredoc body: the patch text. */
      patch: string;
      /** The folder from a leading `cd <dir> &&`, as written (relative to the working directory). */
      workdir?: string;
    }
  | {
      /** The command is a bare patch with no `apply_patch` in front of it. */
      kind: 'implicit';
      patch: string;
    };

const COMMAND_NAMES = new Set(['apply_patch', 'applypatch']);
// Characters that end an unquoted shell word (or make it more than a plain word).
const WORD = /^[^\s;&|<>()'"`$\\]+/;

/**
 * Recognises the scripts codex intercepts: exactly one statement that is either
 * `apply_patch <<'EOF' … EOF` or `cd <dir> && apply_patch <<'EOF' … EOF` (`applypatch` too; the
 * delimiter may be any word, quoted or not; the `cd` folder a plain word or a quoted string).
 * Anything else (`cd x; apply_patch`, `cd x || …`, a pipe, a second `cd`, `cd a b`, extra
 * commands before or after, an extra argument to apply_patch) is not an invocation, so the
 * shell runs it as written. A command that is itself a valid patch is reported as 'implicit'.
 * Returns undefined for everything else.
 */
export function parseApplyPatchInvocation(command: string): ApplyPatchInvocation | undefined {
  if (isPatch(command)) return { kind: 'implicit', patch: command };
  const scanner = new Scanner(command);
  scanner.skipBlank();
  let workdir: string | undefined;
  const first = scanner.word();
  if (first === 'cd') {
    if (!scanner.skipSpaces()) return undefined;
    workdir = scanner.argument();
    if (workdir === undefined) return undefined;
    scanner.skipSpaces();
    if (!scanner.take('&&')) return undefined;
    scanner.skipBlank();
    const name = scanner.word();
    if (name === undefined || !COMMAND_NAMES.has(name)) return undefined;
  } else if (first === undefined || !COMMAND_NAMES.has(first)) {
    return undefined;
  }
  scanner.skipSpaces();
  const patch = scanner.heredoc();
  if (patch === undefined) return undefined;
  return workdir === undefined ? { kind: 'apply_patch', patch } : { kind: 'apply_patch', patch, workdir };
}

function isPatch(text: string): boolean {
  try {
    parsePatch(text);
    return true;
  } catch {
    return false;
  }
}

class Scanner {
  private position = 0;

  constructor(private readonly text: string) {}

  private get rest(): string {
    return this.text.slice(this.position);
  }

  /** Skips spaces and tabs; true when there were some. */
  skipSpaces(): boolean {
    const match = /^[ \t]+/.exec(this.rest);
    this.position += match?.[0].length ?? 0;
    return match !== null;
  }

  /** Skips spaces, tabs and newlines. */
  skipBlank(): void {
    this.position += /^\s*/.exec(this.rest)?.[0].length ?? 0;
  }

  take(token: string): boolean {
    if (!this.rest.startsWith(token)) return false;
    this.position += token.length;
    return true;
  }

  word(): string | undefined {
    const match = WORD.exec(this.rest);
    if (match === null) return undefined;
    this.position += match[0].length;
    return match[0];
  }

  /** One `cd` argument: a plain word, a single-quoted string, or a double-quoted string without expansions. */
  argument(): string | undefined {
    const single = /^'([^']*)'/.exec(this.rest);
    const double = /^"([^"$`\\]*)"/.exec(this.rest);
    const match = single ?? double;
    if (match !== null) {
      const next = this.text[this.position + match[0].length];
      // A quoted string glued to more characters is not a single simple argument.
      if (next !== undefined && !/[ \t&]/.test(next)) return undefined;
      this.position += match[0].length;
      return match[1];
    }
    return this.word();
  }

  /**
   * `<<DELIM` or `<<-DELIM` (DELIM a word, optionally quoted) at the end of the line, then the
   * body up to a line that is exactly DELIM, then nothing but whitespace. Returns the body
   * without its final newline. `<<-` strips leading tabs from each line, as the shell does.
   */
  heredoc(): string | undefined {
    const opener =
      /^<<(-?)[ \t]*(?:'([A-Za-z0-9_.-]+)'|"([A-Za-z0-9_.-]+)"|([A-Za-z0-9_.-]+))[ \t]*\r?\n/.exec(this.rest);
    if (opener === null) return undefined;
    const stripTabs = opener[1] === '-';
    const delimiter = (opener[2] ?? opener[3] ?? opener[4]) as string;
    this.position += opener[0].length;
    const lines = this.rest.split('\n');
    const body: string[] = [];
    for (let index = 0; index < lines.length; index++) {
      const raw = lines[index] as string;
      const line = stripTabs ? raw.replace(/^\t+/, '') : raw;
      if (line === delimiter || line === `${delimiter}\r`) {
        const after = lines.slice(index + 1).join('\n');
        if (after.trim() !== '') return undefined;
        return body.join('\n');
      }
      body.push(line);
    }
    return undefined;
  }
}
