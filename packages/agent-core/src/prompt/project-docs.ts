import { posix } from 'node:path';
import { isEnvironmentError } from '../environment/environment-error.js';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import { alignUtf8End, sliceUtf8Head } from '../truncation/utf8.js';
import { type GitSnapshot, takeGitSnapshot } from './git-snapshot.js';

/** The instruction file every profile loads. */
export const AGENTS_MD = 'AGENTS.md';
/** The loop spec's budget for all project instructions together: 32 KB of file content. */
export const PROJECT_DOCS_BUDGET_BYTES = 32 * 1024;
/** The spec's marker, placed where project instructions were cut. */
export const PROJECT_DOCS_TRUNCATION_MARKER = '[Project instructions truncated at 32KB]';

export interface ProjectDoc {
  /** Absolute path in the environment. */
  path: string;
  /** The path relative to where the walk started (the git root, or the working directory). */
  relativePath: string;
  /** What went into the prompt: the file's text, or the head of it when the budget ran out. */
  content: string;
  /** The file's size in bytes. */
  bytes: number;
  /** True when `content` is not the whole file (cut, or left out with `content` ''). */
  truncated: boolean;
}

export interface ProjectDocs {
  /** The files found, root first, in the order they appear in `text`. */
  files: ProjectDoc[];
  /** The assembled layer for the system prompt; '' when no file was found. */
  text: string;
  /** True when the budget cut or left out a file. */
  truncated: boolean;
  /** Files that exist but could not be read (permissions, I/O), as messages for the host. */
  warnings: string[];
}

export interface DiscoverProjectDocsOptions {
  /** Bytes of file content allowed in total. Default {@link PROJECT_DOCS_BUDGET_BYTES}. */
  budgetBytes?: number;
  /**
   * The session's snapshot (or null when the working directory is known not to be in a repo):
   * supplies the root without running git again. Omitted: git is asked (one command).
   */
  gitSnapshot?: GitSnapshot | null;
}

/**
 * Finds the project instruction files for a profile and assembles them (the spec's §6.5):
 * `AGENTS.md` always, plus `fileNames` (the profile's own: CLAUDE.md, GEMINI.md,
 * `.codex/instructions.md`), in every folder from the git root (or the working directory outside
 * a repo) down to the working directory. Root files come first and deeper files later, so the
 * more specific instructions read last and take precedence; in one folder AGENTS.md comes first,
 * then `fileNames` in their order.
 *
 * The budget counts file content only (UTF-8 bytes). It is spent in precedence order, deepest
 * file first: when the files do not all fit, the most general (root-most) ones give way. The file
 * that crosses the budget keeps its head, followed by the spec's marker; files above it are left
 * out. Empty files are skipped. Files are read in parallel (remote environments pay their latency
 * per step, not per file), and never more than the budget's worth of each, so a huge file is never loaded whole.
 */
export async function discoverProjectDocs(
  env: ExecutionEnvironment,
  fileNames: readonly string[],
  options: DiscoverProjectDocsOptions = {},
): Promise<ProjectDocs> {
  const budget = Math.max(0, Math.floor(options.budgetBytes ?? PROJECT_DOCS_BUDGET_BYTES));
  const names = [...new Set([AGENTS_MD, ...fileNames])];
  const snapshot = options.gitSnapshot === undefined ? await takeGitSnapshot(env) : options.gitSnapshot;
  const start = snapshot?.root ?? env.workingDirectory;
  const folders = foldersDownTo(start, snapshot ? snapshot.prefix : '');

  const candidates = folders.flatMap((folder) => names.map((name) => posix.join(folder, name)));
  const warnings: string[] = [];
  const read = await Promise.all(candidates.map((path) => readCandidate(env, path, budget, warnings)));
  const found = read.filter((file): file is FoundFile => file !== undefined);

  const files = fitBudget(found, budget).map((file) => ({
    ...file,
    relativePath: posix.relative(start, file.path),
  }));
  const truncated = files.some((file) => file.truncated);
  return { files, text: assemble(files, budget), truncated, warnings };
}

type FoundFile = Omit<ProjectDoc, 'relativePath' | 'truncated'>;

/** `start`, then each folder of `prefix` below it, down to the working directory. */
function foldersDownTo(start: string, prefix: string): string[] {
  const folders = [start];
  for (const segment of prefix.split('/').filter((part) => part.length > 0)) {
    folders.push(posix.join(folders.at(-1) ?? start, segment));
  }
  return folders;
}

async function readCandidate(
  env: ExecutionEnvironment,
  path: string,
  budget: number,
  warnings: string[],
): Promise<FoundFile | undefined> {
  try {
    // Most candidates do not exist: one read per candidate, no stat first. The budget's worth
    // (plus a character's) is all that can be used of a larger file.
    const limit = budget + 4;
    const read = await env.readFile(path, { start: 0, end: limit });
    // A ranged read comes back short only at the end of the file.
    const whole = read.length < limit;
    const size = whole ? read.length : ((await env.stat(path))?.size ?? read.length);
    // A read that stopped inside a character is cut back to the character's start.
    const bytes = whole ? read : read.subarray(0, alignUtf8End(read, read.length - 1));
    const content = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
    if (content.trim().length === 0) return undefined;
    return { path, content, bytes: size };
  } catch (error) {
    if (isEnvironmentError(error, 'NOT_FOUND', 'IS_DIRECTORY', 'NOT_DIRECTORY')) return undefined;
    warnings.push(`Could not read project instructions ${path}: ${(error as Error).message}`);
    return undefined;
  }
}

/** Spends the budget from the deepest file up; returns the files root first. */
function fitBudget(found: readonly FoundFile[], budget: number): Omit<ProjectDoc, 'relativePath'>[] {
  let remaining = budget;
  const fitted: Omit<ProjectDoc, 'relativePath'>[] = [];
  for (let index = found.length - 1; index >= 0; index--) {
    const file = found[index]!;
    if (file.bytes <= remaining) {
      fitted.push({ ...file, truncated: false });
      remaining -= file.bytes;
    } else {
      fitted.push({ ...file, content: sliceUtf8Head(file.content, remaining), truncated: true });
      remaining = 0;
    }
  }
  return fitted.reverse();
}

function assemble(files: readonly ProjectDoc[], budget: number): string {
  const shown = files.filter((file) => file.content.length > 0);
  if (shown.length === 0) return '';
  const marker = truncationMarker(budget);
  const sections = shown.map((file) => {
    const body = file.truncated ? `${file.content.trimEnd()}\n${marker}` : file.content.trimEnd();
    return `<project_instructions file="${file.relativePath}">\n${body}\n</project_instructions>`;
  });
  return [
    'Project instructions, from the repository root down to the working directory. Where they conflict, later (deeper) files take precedence.',
    ...sections,
  ].join('\n\n');
}

/** The spec's marker for the default budget; the same words with the actual size otherwise. */
function truncationMarker(budget: number): string {
  if (budget === PROJECT_DOCS_BUDGET_BYTES) return PROJECT_DOCS_TRUNCATION_MARKER;
  const size = budget % 1024 === 0 ? `${budget / 1024}KB` : `${budget} bytes`;
  return `[Project instructions truncated at ${size}]`;
}
