import { readFileSync } from 'node:fs';
import { isRecord } from '../protocols/protocol.js';
import { ScriptError } from '../script/script-error.js';
import type { ScriptedTurn } from '../script/scripted-turn.js';
import type { MatcherSpec } from '../server/matchers.js';

/** A script file: turns in order, rules that answer matching requests first, and settings. */
export interface ScriptFile {
  turns: ScriptedTurn[];
  rules: { when: MatcherSpec; turn: ScriptedTurn; times?: number }[];
  strict?: boolean;
  loop?: boolean;
}

/** Reads a script file: a JSON array of turns, or an object with `turns`, `rules`, `strict`, `loop`. */
export function readScriptFile(path: string): ScriptFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ScriptError(
      `cannot read script ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (Array.isArray(parsed)) return { turns: parsed as ScriptedTurn[], rules: [] };
  if (!isRecord(parsed))
    throw new ScriptError(`script ${path} must be a JSON array of turns or an object with "turns"`);
  const script: ScriptFile = {
    turns: Array.isArray(parsed.turns) ? (parsed.turns as ScriptedTurn[]) : [],
    rules: Array.isArray(parsed.rules) ? (parsed.rules as ScriptFile['rules']) : [],
  };
  if (typeof parsed.strict === 'boolean') script.strict = parsed.strict;
  if (typeof parsed.loop === 'boolean') script.loop = parsed.loop;
  return script;
}
