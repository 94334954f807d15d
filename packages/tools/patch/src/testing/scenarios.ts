import { cpSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The scenario suite, in the layout of codex's: each folder under `scenarios/` holds `patch.txt`,
 * an optional `input/` tree (the starting files), an `expected/` tree (what the command leaves),
 * and either `stdout.txt` (success) or `stderr.txt` plus `tool-error.txt` (failure; `{CWD}`
 * stands for the folder the patch ran in).
 */
export interface Scenario {
  name: string;
  folder: string;
  patch: string;
  /** The command's expected stdout on success (also the tool's text). */
  stdout: string | undefined;
  /** The command's expected stderr on failure, `{CWD}` unexpanded. */
  stderr: string | undefined;
  /** Codex's tool-path error text on failure, `{CWD}` unexpanded. */
  toolError: string | undefined;
}

export const SCENARIOS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scenarios');

export function loadScenarios(): Scenario[] {
  return readdirSync(SCENARIOS_FOLDER)
    .filter((name) => /^\d{3}_/.test(name))
    .sort()
    .map((name) => {
      const folder = join(SCENARIOS_FOLDER, name);
      const optional = (file: string) =>
        existsSync(join(folder, file)) ? readFileSync(join(folder, file), 'utf8') : undefined;
      return {
        name,
        folder,
        patch: readFileSync(join(folder, 'patch.txt'), 'utf8'),
        stdout: optional('stdout.txt'),
        stderr: optional('stderr.txt'),
        toolError: optional('tool-error.txt'),
      };
    });
}

/** Copies the scenario's `input/` tree (if any) into `target`. */
export function copyInput(scenario: Scenario, target: string): void {
  const input = join(scenario.folder, 'input');
  if (existsSync(input)) cpSync(input, target, { recursive: true });
}

export type TreeEntry = 'dir' | string;

/**
 * Every file and folder under `root` by relative path: folders as 'dir', files as their bytes
 * in hex (so a missing final newline or a CRLF counts as a difference).
 */
export function snapshotTree(root: string | undefined): Record<string, TreeEntry> {
  const entries: Record<string, TreeEntry> = {};
  if (root === undefined || !existsSync(root)) return entries;
  const walk = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const key = relative(root, path);
      if (statSync(path).isDirectory()) {
        entries[key] = 'dir';
        walk(path);
      } else {
        entries[key] = readFileSync(path).toString('hex');
      }
    }
  };
  walk(root);
  return entries;
}

export function expectedTree(scenario: Scenario): Record<string, TreeEntry> {
  return snapshotTree(join(scenario.folder, 'expected'));
}

export function inputTree(scenario: Scenario): Record<string, TreeEntry> {
  return snapshotTree(join(scenario.folder, 'input'));
}

export function withCwd(text: string, cwd: string): string {
  return text.replaceAll('{CWD}', cwd);
}
