import type { UpdateChunk } from '../parser/patch-types.js';
import { applyReplacements } from './apply-replacements.js';
import { computeReplacements, type Replacement } from './compute-replacements.js';
import { parseSourceText, renderSourceText, type SourceText } from './source-text.js';

/** The outcome of applying an Update's chunks to a file's text. */
export interface DerivedContent {
  /** The file's new text. */
  newContent: string;
  /** The file as it was, split into lines. */
  before: SourceText;
  /** The file as it will be, split into lines. */
  after: SourceText;
  /** Where each chunk landed in `before`, sorted by position. */
  replacements: Replacement[];
}

/**
 * Applies an Update's chunks to `content`, a pure function over strings. Throws
 * ContextNotFoundError or ExpectedLinesNotFoundError (with `path` in the message) when a chunk
 * cannot be placed.
 */
export function deriveNewContent(
  content: string,
  chunks: readonly UpdateChunk[],
  path: string,
): DerivedContent {
  const before = parseSourceText(content);
  const replacements = computeReplacements(
    before.lines.map((line) => line.text),
    chunks,
    path,
  );
  const after: SourceText = { ...before, lines: applyReplacements(before, replacements) };
  return { newContent: renderSourceText(after), before, after, replacements };
}
