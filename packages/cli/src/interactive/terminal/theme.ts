import type { Line, StyleName } from './styled.js';

/** SGR parameters of each style (16-colour palette: it follows the user's terminal theme). */
const SGR: Readonly<Record<StyleName, string>> = {
  plain: '',
  bold: '1',
  dim: '2',
  accent: '36',
  user: '1;36',
  reasoning: '2;3',
  tool: '1;35',
  error: '31',
  warning: '33',
  success: '32',
  diffAdd: '32',
  diffRemove: '31',
  diffHunk: '36',
  status: '2',
  statusWorking: '33',
};

/** Turns styled lines into terminal text, with SGR sequences or (without colour) none at all. */
export class Theme {
  constructor(readonly colors: boolean) {}

  render(value: Line): string {
    let out = '';
    for (const part of value) {
      const code = this.colors && part.style ? SGR[part.style] : '';
      out += code ? `\x1b[${code}m${part.text}\x1b[0m` : part.text;
    }
    return out;
  }
}

/**
 * Whether to colour the output: never when NO_COLOR is set to anything non-empty (no-color.org),
 * when TERM is "dumb", or when the output is not a terminal.
 */
export function colorsEnabled(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}
