/**
 * Terminal input bytes to key presses. Understands what terminals send in raw mode: printable
 * text, C0 control keys (Ctrl+letter), ESC-prefixed Alt keys, CSI and SS3 sequences for the
 * cursor and editing keys (with xterm modifiers), kitty / modifyOtherKeys forms of modified
 * Enter, and bracketed paste. A lone ESC is the Escape key only once nothing follows it: the
 * caller calls `flush()` after a short quiet time (see {@link ESCAPE_TIMEOUT_MS}).
 */

export type KeyName =
  | 'char'
  | 'paste'
  | 'enter'
  | 'tab'
  | 'escape'
  | 'backspace'
  | 'delete'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'home'
  | 'end'
  | 'pageup'
  | 'pagedown'
  | 'unknown';

export interface Key {
  name: KeyName;
  /** For 'char': the character(s) typed; for 'paste': the pasted text; for 'unknown': the raw sequence. */
  text?: string;
  ctrl?: boolean;
  alt?: boolean;
  shift?: boolean;
}

/** How long a lone ESC waits for the rest of a sequence before it counts as the Escape key. */
export const ESCAPE_TIMEOUT_MS = 30;

const PASTE_START = '\x1b[200~';
const PASTE_END = '\x1b[201~';

const CSI_TILDE: Readonly<Record<string, KeyName>> = {
  '1': 'home',
  '2': 'unknown', // Insert
  '3': 'delete',
  '4': 'end',
  '5': 'pageup',
  '6': 'pagedown',
  '7': 'home',
  '8': 'end',
};

const CSI_LETTER: Readonly<Record<string, KeyName>> = {
  A: 'up',
  B: 'down',
  C: 'right',
  D: 'left',
  H: 'home',
  F: 'end',
};

export class KeyParser {
  private buffer = '';
  private paste: string | undefined;

  /** Feeds decoded input; returns the keys complete so far. */
  feed(data: string): Key[] {
    this.buffer += data;
    return this.drain(false);
  }

  /** Whether input is held back waiting for the rest of a sequence (a lone ESC, say). */
  get pending(): boolean {
    return this.buffer.length > 0 && this.paste === undefined;
  }

  /** Called after a quiet time: a held-back ESC (or a broken sequence) is taken as typed. */
  flush(): Key[] {
    return this.drain(true);
  }

  private drain(final: boolean): Key[] {
    const keys: Key[] = [];
    while (this.buffer.length > 0) {
      if (this.paste !== undefined) {
        const end = this.buffer.indexOf(PASTE_END);
        if (end === -1) {
          // Keep a possible partial end marker in the buffer.
          const keep = partialSuffix(this.buffer, PASTE_END);
          this.paste += this.buffer.slice(0, this.buffer.length - keep);
          this.buffer = this.buffer.slice(this.buffer.length - keep);
          break;
        }
        this.paste += this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + PASTE_END.length);
        keys.push({ name: 'paste', text: this.paste.replace(/\r\n?/g, '\n') });
        this.paste = undefined;
        continue;
      }
      const result = parseOne(this.buffer, final);
      if (result === undefined) break; // incomplete: wait for more
      this.buffer = this.buffer.slice(result.length);
      if (result.key === 'paste-start') {
        this.paste = '';
        continue;
      }
      if (result.key) keys.push(result.key);
    }
    return mergeChars(keys);
  }
}

interface Parsed {
  length: number;
  key: Key | 'paste-start' | undefined;
}

function parseOne(input: string, final: boolean): Parsed | undefined {
  const first = input[0]!;
  if (first === '\x1b') return parseEscape(input, final);
  const code = first.charCodeAt(0);
  if (first === '\r') return { length: 1, key: { name: 'enter' } };
  if (first === '\n') return { length: 1, key: { name: 'enter', ctrl: true } }; // Ctrl+J
  if (first === '\t') return { length: 1, key: { name: 'tab' } };
  if (first === '\x7f' || first === '\b') return { length: 1, key: { name: 'backspace' } };
  if (code === 0) return { length: 1, key: { name: 'char', text: ' ', ctrl: true } }; // Ctrl+Space
  if (code < 0x20) {
    return { length: 1, key: { name: 'char', text: String.fromCharCode(code + 0x60), ctrl: true } };
  }
  // Printable: one code point (a surrogate pair stays whole).
  const point = input.codePointAt(0)!;
  const length = point > 0xffff ? 2 : 1;
  return { length, key: { name: 'char', text: input.slice(0, length) } };
}

function parseEscape(input: string, final: boolean): Parsed | undefined {
  if (input.length === 1) return final ? { length: 1, key: { name: 'escape' } } : undefined;
  const second = input[1]!;
  if (second === '[') return parseCsi(input, final);
  if (second === 'O') {
    if (input.length < 3)
      return final ? { length: 2, key: { name: 'char', text: 'O', alt: true } } : undefined;
    const name = CSI_LETTER[input[2]!];
    return { length: 3, key: name ? { name } : { name: 'unknown', text: input.slice(0, 3) } };
  }
  if (second === '\x1b') {
    // ESC ESC [ ...: Alt + a sequence (some terminals); a lone ESC ESC: Escape twice.
    if (input.length > 2 && (input[2] === '[' || input[2] === 'O')) {
      const inner = parseEscape(input.slice(1), final);
      if (inner === undefined) return undefined;
      const key = inner.key;
      return { length: inner.length + 1, key: key && key !== 'paste-start' ? { ...key, alt: true } : key };
    }
    return { length: 1, key: { name: 'escape' } };
  }
  // Alt + a key.
  const inner = parseOne(input.slice(1), final);
  if (inner === undefined) return undefined;
  const key = inner.key;
  if (key === undefined || key === 'paste-start') return { length: 1 + inner.length, key };
  return { length: 1 + inner.length, key: { ...key, alt: true } };
}

function parseCsi(input: string, final: boolean): Parsed | undefined {
  // ESC [ parameters (0x30–0x3f) intermediates (0x20–0x2f) final (0x40–0x7e)
  let index = 2;
  while (index < input.length && input.charCodeAt(index) >= 0x30 && input.charCodeAt(index) <= 0x3f) index++;
  while (index < input.length && input.charCodeAt(index) >= 0x20 && input.charCodeAt(index) <= 0x2f) index++;
  if (index >= input.length) {
    if (!final) return undefined;
    return { length: input.length, key: { name: 'unknown', text: input } };
  }
  const finalChar = input[index]!;
  const code = finalChar.charCodeAt(0);
  if (code < 0x40 || code > 0x7e) {
    // Not a CSI after all: ESC then '['.
    return { length: 2, key: { name: 'char', text: '[', alt: true } };
  }
  const sequence = input.slice(0, index + 1);
  if (sequence === PASTE_START) return { length: sequence.length, key: 'paste-start' };
  const params = input.slice(2, index).split(';');
  return { length: sequence.length, key: csiKey(finalChar, params, sequence) };
}

function csiKey(finalChar: string, params: string[], sequence: string): Key | undefined {
  const modifiers = modifierFlags(params[1]);
  if (finalChar === '~') {
    // xterm modifyOtherKeys: ESC [ 27 ; mod ; code ~
    if (params[0] === '27' && params[2] !== undefined) {
      return codeKey(Number(params[2]), modifierFlags(params[1]), sequence);
    }
    const name = CSI_TILDE[params[0] ?? ''];
    if (name === undefined || name === 'unknown') return { name: 'unknown', text: sequence };
    return { name, ...modifiers };
  }
  if (finalChar === 'u') {
    // kitty keyboard protocol: ESC [ code ; mod u
    return codeKey(Number(params[0]), modifiers, sequence);
  }
  if (finalChar === 'Z') return { name: 'tab', shift: true };
  if (finalChar === 'I' || finalChar === 'O') return undefined; // focus in / out
  const name = CSI_LETTER[finalChar];
  if (name) return { name, ...modifiers };
  return { name: 'unknown', text: sequence };
}

function codeKey(code: number, modifiers: Modifiers, sequence: string): Key {
  if (code === 13) return { name: 'enter', ...modifiers };
  if (code === 9) return { name: 'tab', ...modifiers };
  if (code === 27) return { name: 'escape', ...modifiers };
  if (code === 127 || code === 8) return { name: 'backspace', ...modifiers };
  if (code >= 32 && Number.isFinite(code))
    return { name: 'char', text: String.fromCodePoint(code), ...modifiers };
  return { name: 'unknown', text: sequence };
}

interface Modifiers {
  shift?: boolean;
  alt?: boolean;
  ctrl?: boolean;
}

/** xterm's modifier parameter: 1 + (shift 1, alt 2, ctrl 4, meta 8). */
function modifierFlags(param: string | undefined): Modifiers {
  const value = Number(param ?? '1') - 1;
  if (!(value > 0)) return {};
  const flags: Modifiers = {};
  if (value & 1) flags.shift = true;
  if (value & (2 | 8)) flags.alt = true;
  if (value & 4) flags.ctrl = true;
  return flags;
}

function partialSuffix(text: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, text.length); length > 0; length--) {
    if (marker.startsWith(text.slice(text.length - length))) return length;
  }
  return 0;
}

/** Consecutive plain characters as one key: typing fast (or a paste without bracketing) is one edit. */
function mergeChars(keys: Key[]): Key[] {
  const out: Key[] = [];
  for (const key of keys) {
    const last = out.at(-1);
    if (key.name === 'char' && !key.ctrl && !key.alt && last?.name === 'char' && !last.ctrl && !last.alt) {
      last.text = (last.text ?? '') + (key.text ?? '');
    } else {
      out.push({ ...key });
    }
  }
  return out;
}

/** A short name for a key ("ctrl+c", "alt+enter", "x"), for bindings and tests. */
export function keyId(key: Key): string {
  const parts: string[] = [];
  if (key.ctrl) parts.push('ctrl');
  if (key.alt) parts.push('alt');
  if (key.shift) parts.push('shift');
  parts.push(key.name === 'char' ? (key.text ?? '') : key.name);
  return parts.join('+');
}
