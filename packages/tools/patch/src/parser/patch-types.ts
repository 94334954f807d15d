/** A parsed patch: its file operations in patch order, and the patch text without any heredoc wrapper. */
export interface ParsedPatch {
  hunks: Hunk[];
  /** The patch body as applied: trimmed, heredoc wrapper removed, lines joined with `\n`. */
  patch: string;
}

export type Hunk = AddFileHunk | DeleteFileHunk | UpdateFileHunk;

/** `*** Add File: <path>` followed by `+` lines. */
export interface AddFileHunk {
  type: 'add';
  /** The path as written in the patch. */
  path: string;
  /** The new file's content: each `+` line without its `+`, each followed by `\n`. */
  contents: string;
}

/** `*** Delete File: <path>`. */
export interface DeleteFileHunk {
  type: 'delete';
  path: string;
}

/** `*** Update File: <path>`, an optional `*** Move to: <path>`, then one or more chunks. */
export interface UpdateFileHunk {
  type: 'update';
  path: string;
  movePath?: string;
  chunks: UpdateChunk[];
}

/** One `@@` section of an update. */
export interface UpdateChunk {
  /** The text after `@@ `: a single line that must exist before the chunk's lines. */
  changeContext?: string;
  /** The chunk's lines in order, each marked context, removal or addition. */
  lines: ChunkLine[];
  /** Context and removed lines: what must be found in the file. */
  oldLines: string[];
  /** Context and added lines: what replaces them. */
  newLines: string[];
  /** True when the chunk ended with `*** End of File`: its lines are matched at the end of the file. */
  isEndOfFile: boolean;
}

export interface ChunkLine {
  kind: 'context' | 'remove' | 'add';
  text: string;
}
