import { type ExecutionEnvironment, isEnvironmentError } from '@weft/agent-core';
import { detectImage, looksBinary, SNIFF_BYTES } from '../shared/content-kind.js';
import { findExistingPath } from '../shared/find-existing-path.js';
import { adviseOnEnvironmentError, fsErrors } from '../shared/fs-errors.js';
import { FsToolError } from '../shared/fs-tool-error.js';
import { withPathLock } from '../shared/path-lock.js';
import { findMatches } from './find-matches.js';
import { detectLineEnding, type LineEnding, splitBom, toLf, withLineEnding } from './line-endings.js';
import { unifiedDiff } from './unified-diff.js';

export interface EditFileOptions {
  /** The file, absolute or relative to the working directory; `~` is expanded. */
  path: string;
  /** The text to replace. "" creates a missing file, or fills an empty one, with `newString`. */
  oldString: string;
  newString: string;
  /** Replace every occurrence instead of requiring exactly one. Default false. */
  replaceAll?: boolean;
}

export interface EditFileResult {
  path: string;
  absolutePath: string;
  /** Occurrences replaced. */
  replacements: number;
  /** 'exact' when old_string was found as written (line endings aside), 'fuzzy' when only after normalising. */
  matchKind: 'exact' | 'fuzzy' | 'created';
  /** Unified diff of the change with the file's real line numbers (LF line breaks). */
  diff: string;
  /** First changed line of the new file, for editors to jump to. */
  firstChangedLine: number | undefined;
}

/**
 * Replaces text in a file. old_string is looked for exactly, then through the fuzzy
 * normalisations (see fuzzyView); it must be unique unless `replaceAll`. Only the matched text
 * changes: the byte-order mark, the line endings and everything else in the file stay as they
 * were, and new_string takes the line endings of the text it replaces. Edits of one file are
 * serialised, the write is atomic, and a file that is binary or not valid UTF-8 is refused
 * rather than risk corrupting it.
 */
export async function editFile(env: ExecutionEnvironment, options: EditFileOptions): Promise<EditFileResult> {
  const { path, oldString, newString } = options;
  const found = await findExistingPath(env, path, 'write');
  if (!found) {
    if (oldString !== '') throw fsErrors.fileNotFound(path, env.workingDirectory);
    return createFile(env, path, newString);
  }
  const { absolutePath } = found;
  if (found.stat.type === 'directory') throw fsErrors.isDirectory(path);
  if (found.stat.type !== 'file') throw fsErrors.notRegularFile(path);

  return withPathLock(env, absolutePath, async () => {
    let bytes: Uint8Array;
    try {
      bytes = await env.readFile(absolutePath);
    } catch (error) {
      adviseOnEnvironmentError(error, path, 'read', env.workingDirectory);
    }
    const original = decodeText(bytes, path);
    const { bom, text } = splitBom(original);
    const updated = replaceText(text, path, options);
    try {
      await env.writeFile(absolutePath, bom === '' ? updated.text : bom + updated.text);
    } catch (error) {
      if (isEnvironmentError(error, 'ABORTED')) throw error;
      adviseOnEnvironmentError(error, path, 'write', env.workingDirectory);
    }
    const { diff, firstChangedLine } = unifiedDiff(path, toLf(text), toLf(updated.text));
    return {
      path,
      absolutePath,
      replacements: updated.replacements,
      matchKind: updated.kind,
      diff,
      firstChangedLine,
    };
  });
}

async function createFile(env: ExecutionEnvironment, path: string, content: string): Promise<EditFileResult> {
  const absolutePath = env.resolvePath(path, 'write');
  return withPathLock(env, absolutePath, async () => {
    try {
      await env.writeFile(absolutePath, content);
    } catch (error) {
      adviseOnEnvironmentError(error, path, 'write', env.workingDirectory);
    }
    const { diff, firstChangedLine } = unifiedDiff(path, '', toLf(content));
    return { path, absolutePath, replacements: 1, matchKind: 'created', diff, firstChangedLine };
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The file as text, refusing anything an edit could corrupt. */
function decodeText(bytes: Uint8Array, path: string): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const image = detectImage(head);
  if (image || looksBinary(head)) {
    throw new FsToolError(
      `Cannot edit ${path}: it is a binary file${image ? ` (${image})` : ''}, not text. edit_file only changes text files; the file was left untouched.`,
      { code: 'BINARY_FILE', path, bytes: bytes.byteLength },
    );
  }
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new FsToolError(
      `Cannot edit ${path}: it is not valid UTF-8 (perhaps Latin-1 or UTF-16), and rewriting it as UTF-8 would change bytes you did not ask to change. The file was left untouched; edit it with the shell tool (for example sed or iconv) instead.`,
      { code: 'NOT_UTF8', path },
    );
  }
}

/** The new text of the file, or a FsToolError telling the model what to do. */
function replaceText(
  text: string,
  path: string,
  options: EditFileOptions,
): { text: string; replacements: number; kind: 'exact' | 'fuzzy' | 'created' } {
  const { oldString, newString } = options;
  if (oldString === '') {
    if (text.length === 0) return { text: newString, replacements: 1, kind: 'created' };
    throw new FsToolError(
      `old_string is empty, but ${path} is not empty. Put the text to replace in old_string (read_file shows it); to replace the whole file use write_file.`,
      { code: 'EMPTY_OLD_STRING', path },
    );
  }
  if (toLf(oldString) === toLf(newString)) throw noChange(path, 'old_string and new_string are the same');

  const outcome = findMatches(text, oldString, options.replaceAll ?? false);
  if (!outcome.found && outcome.reason === 'not_found') {
    throw new FsToolError(
      `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines. Read the file again with read_file and copy the text to replace from it.`,
      { code: 'TEXT_NOT_FOUND', path },
    );
  }
  if (!outcome.found) {
    throw new FsToolError(
      `Found ${outcome.occurrences} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique, or set replace_all to true to replace every occurrence.`,
      { code: 'MULTIPLE_MATCHES', path, occurrences: outcome.occurrences },
    );
  }

  const fileEnding = detectLineEnding(text);
  const parts: string[] = [];
  let copied = 0;
  for (const [start, end] of outcome.ranges) {
    parts.push(
      text.slice(copied, start),
      withLineEnding(toLf(newString), endingOf(text, start, end, fileEnding)),
    );
    copied = end;
  }
  parts.push(text.slice(copied));
  const updated = parts.join('');
  if (updated === text) throw noChange(path, 'the replacement produced identical content');
  return { text: updated, replacements: outcome.ranges.length, kind: outcome.kind };
}

/** The line ending new text should use in place of `text[start, end)`: the one it replaces, or the file's. */
function endingOf(text: string, start: number, end: number, fileEnding: LineEnding): LineEnding {
  const newline = text.indexOf('\n', start);
  if (newline === -1 || newline >= end) return fileEnding;
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}

function noChange(path: string, why: string): FsToolError {
  return new FsToolError(
    `No changes made to ${path}. The replacement produced identical content (${why}). If the file already says what you want, no edit is needed; otherwise re-read it and change new_string.`,
    { code: 'NO_CHANGE', path },
  );
}
