/** The slash commands: their names, usage, help text, parsing and completion. */

export type CommandName =
  | 'model'
  | 'effort'
  | 'compact'
  | 'sessions'
  | 'resume'
  | 'fork'
  | 'clear'
  | 'cost'
  | 'help'
  | 'exit';

export interface CommandSpec {
  name: CommandName;
  /** Argument syntax shown in /help. */
  usage: string;
  summary: string;
  /** Usable while the agent works (the others wait for the turn to end, or for Esc). */
  whileWorking: boolean;
  aliases?: readonly string[];
}

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'model', usage: '[provider/model]', summary: 'show or change the model', whileWorking: true },
  {
    name: 'effort',
    usage: '[level]',
    summary: 'show or set the reasoning effort (or default)',
    whileWorking: true,
  },
  { name: 'compact', usage: '', summary: 'summarise older turns to free context', whileWorking: true },
  { name: 'sessions', usage: '', summary: 'the saved sessions of this folder', whileWorking: true },
  { name: 'resume', usage: '[number|id]', summary: 'continue a saved session', whileWorking: false },
  { name: 'fork', usage: '', summary: 'branch into a new session from here', whileWorking: false },
  {
    name: 'clear',
    usage: '',
    summary: 'start a new session (and clear the screen)',
    whileWorking: false,
    aliases: ['new'],
  },
  { name: 'cost', usage: '', summary: 'tokens and cost of this run and session', whileWorking: true },
  { name: 'help', usage: '', summary: 'keys and commands', whileWorking: true, aliases: ['?'] },
  { name: 'exit', usage: '', summary: 'leave weft', whileWorking: true, aliases: ['quit', 'q'] },
];

export type SlashParse =
  | { type: 'command'; spec: CommandSpec; args: string }
  | { type: 'unknown'; name: string }
  /** Not a command: text that merely starts with a slash (a path, say), sent as a prompt. */
  | { type: 'text' };

/**
 * Reads a submitted text as a command: `/name args`. A known name (or alias) is a command; an
 * unknown single word is an error; anything else (`/usr/bin is slow`: the first word holds
 * another slash) is an ordinary prompt.
 */
export function parseSlash(text: string): SlashParse {
  const trimmed = text.trim();
  if (!trimmed.startsWith('/')) return { type: 'text' };
  const match = /^\/(\S*)\s*([\s\S]*)$/.exec(trimmed);
  const word = match?.[1] ?? '';
  const args = (match?.[2] ?? '').trim();
  if (word.includes('/')) return { type: 'text' };
  const spec = findCommand(word);
  if (spec) return { type: 'command', spec, args };
  return { type: 'unknown', name: word };
}

export function findCommand(word: string): CommandSpec | undefined {
  const name = word.toLowerCase();
  return COMMANDS.find((spec) => spec.name === name || spec.aliases?.includes(name));
}

/**
 * Tab completion of a command name: the completed text when exactly one command starts with
 * what was typed (or the longest common start of several), undefined when there is nothing to add.
 * `matches` lists the candidates either way.
 */
export function completeSlash(text: string): { text: string | undefined; matches: CommandSpec[] } {
  if (!/^\/\S*$/.test(text)) return { text: undefined, matches: [] };
  const typed = text.slice(1).toLowerCase();
  const matches = COMMANDS.filter((spec) => spec.name.startsWith(typed));
  if (matches.length === 0) return { text: undefined, matches };
  if (matches.length === 1) return { text: `/${matches[0]!.name} `, matches };
  let common: string = matches[0]!.name;
  for (const spec of matches) while (!spec.name.startsWith(common)) common = common.slice(0, -1);
  return { text: common.length > typed.length ? `/${common}` : undefined, matches };
}
