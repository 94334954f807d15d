import { Buffer, isAscii, isUtf8 } from 'node:buffer';
import { type ExecutionEnvironment, isEnvironmentError } from '@weft/agent-core';
import { detectImage, looksBinary, SNIFF_BYTES } from '../shared/content-kind.js';
import { findExistingPath } from '../shared/find-existing-path.js';
import { adviseOnEnvironmentError, fsErrors } from '../shared/fs-errors.js';
import { FsToolError } from '../shared/fs-tool-error.js';
import { withPathLock } from '../shared/path-lock.js';
import { findMatches } from './find-matches.js';
import { detectLineEnding, type LineEnding, toLf, withLineEnding } from './line-endings.js';
import { diffReplacements, type Replacement, unifiedDiff } from './unified-diff.js';

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

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * Replaces text in a file. old_string is looked for exactly, then through the fuzzy
 * normalisations (see fuzzyView); it must be unique unless `replaceAll`. Only the matched text
 * changes: the byte-order mark, the line endings and every other byte of the file stay as they
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
    let read: Uint8Array;
    try {
      read = await env.readFile(absolutePath);
    } catch (error) {
      adviseOnEnvironmentError(error, path, 'read', env.workingDirectory);
    }
    const bytes = Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    const file = decodeText(bytes, path);

    if (oldString === '') {
      if (file.text.length > 0) {
        throw new FsToolError(
          `old_string is empty, but ${path} is not empty. Put the text to replace in old_string (read_file shows it); to replace the whole file use write_file.`,
          { code: 'EMPTY_OLD_STRING', path },
        );
      }
      await write(env, absolutePath, path, `${file.bom ? '\uFEFF' : ''}${newString}`);
      return {
        path,
        absolutePath,
        replacements: 1,
        matchKind: 'created',
        ...unifiedDiff(path, '', toLf(newString)),
      };
    }

    const plan = planReplacements(file, path, options);
    await write(env, absolutePath, path, spliceBytes(bytes, file, plan.replacements));
    return {
      path,
      absolutePath,
      replacements: plan.replacements.length,
      matchKind: plan.kind,
      ...diffReplacements(path, file.text, plan.replacements),
    };
  });
}

async function createFile(env: ExecutionEnvironment, path: string, content: string): Promise<EditFileResult> {
  const absolutePath = env.resolvePath(path, 'write');
  return withPathLock(env, absolutePath, async () => {
    await write(env, absolutePath, path, content);
    return {
      path,
      absolutePath,
      replacements: 1,
      matchKind: 'created',
      ...unifiedDiff(path, '', toLf(content)),
    };
  });
}

async function write(
  env: ExecutionEnvironment,
  absolutePath: string,
  path: string,
  data: string | Uint8Array,
) {
  try {
    await env.writeFile(absolutePath, data);
  } catch (error) {
    if (isEnvironmentError(error, 'ABORTED')) throw error;
    adviseOnEnvironmentError(error, path, 'write', env.workingDirectory);
  }
}

/** A file's text without its BOM, and what is needed to map text offsets back to bytes. */
interface DecodedFile {
  text: string;
  bom: boolean;
  /** Every character is one byte, so text offsets are byte offsets (after the BOM). */
  ascii: boolean;
}

/** The file as text, refusing anything an edit could corrupt. */
function decodeText(bytes: Buffer, path: string): DecodedFile {
  const head = bytes.subarray(0, SNIFF_BYTES);
  const image = detectImage(head);
  if (image || looksBinary(head)) {
    throw new FsToolError(
      `Cannot edit ${path}: it is a binary file${image ? ` (${image})` : ''}, not text. edit_file only changes text files; the file was left untouched.`,
      { code: 'BINARY_FILE', path, bytes: bytes.byteLength },
    );
  }
  if (isAscii(bytes)) return { text: bytes.toString('ascii'), bom: false, ascii: true };
  if (!isUtf8(bytes)) {
    throw new FsToolError(
      `Cannot edit ${path}: it is not valid UTF-8 (perhaps Latin-1 or UTF-16), and rewriting it as UTF-8 would change bytes you did not ask to change. The file was left untouched; edit it with the shell tool (for example sed or iconv) instead.`,
      { code: 'NOT_UTF8', path },
    );
  }
  const bom = UTF8_BOM.every((byte, index) => bytes[index] === byte);
  return { text: bytes.toString('utf8', bom ? 3 : 0), bom, ascii: false };
}

/** Where old_string is and what replaces it, or a FsToolError telling the model what to do. */
function planReplacements(
  file: DecodedFile,
  path: string,
  options: EditFileOptions,
): { replacements: Replacement[]; kind: 'exact' | 'fuzzy' } {
  const { text } = file;
  const { oldString, newString } = options;
  if (toLf(oldString) === toLf(newString)) throw noChange(path, 'old_string and new_string are the same');

  const outcome = findMatches(text, oldString, options.replaceAll ?? false, { asciiOnly: file.ascii });
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
  const lfNew = toLf(newString);
  const replacements = outcome.ranges.map(([start, end]) => ({
    start,
    end,
    text: withLineEnding(lfNew, endingOf(text, start, end, fileEnding)),
  }));
  if (
    replacements.every((replacement) => text.slice(replacement.start, replacement.end) === replacement.text)
  ) {
    throw noChange(path, 'the replacement produced identical content');
  }
  return { replacements, kind: outcome.kind };
}

/**
 * The new file: the original bytes with the replaced ranges swapped, so every byte outside them
 * (BOM included) is kept exactly, and the file is never decoded and re-encoded whole.
 */
function spliceBytes(bytes: Buffer, file: DecodedFile, replacements: readonly Replacement[]): Buffer {
  const bytesOf = (from: number, to: number) =>
    file.ascii ? to - from : Buffer.byteLength(file.text.slice(from, to), 'utf8');
  const pieces: Uint8Array[] = [];
  let copied = 0; // bytes of the original already taken (the BOM goes with the first piece)
  let char = 0; // the text offset that `copied` corresponds to
  let cursor = file.bom ? 3 : 0;
  for (const replacement of replacements) {
    const start = cursor + bytesOf(char, replacement.start);
    const end = start + bytesOf(replacement.start, replacement.end);
    pieces.push(bytes.subarray(copied, start), Buffer.from(replacement.text, 'utf8'));
    copied = end;
    cursor = end;
    char = replacement.end;
  }
  pieces.push(bytes.subarray(copied));
  return Buffer.concat(pieces);
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
