/** What applying one hunk did, for hosts (the model sees only the summary). */
export type AppliedChange = AddedFile | DeletedFile | UpdatedFile;

export interface AddedFile {
  kind: 'add';
  /** The path as written in the patch. */
  path: string;
  absolutePath: string;
  content: string;
  /** True when a file already existed there and was replaced (codex's Add overwrites). */
  overwritten: boolean;
  /** A unified diff from the previous content (or from nothing). */
  diff: string;
}

export interface DeletedFile {
  kind: 'delete';
  path: string;
  absolutePath: string;
  /** The deleted file's text; undefined when it was not recorded or not UTF-8. */
  previousContent: string | undefined;
  diff: string;
}

export interface UpdatedFile {
  kind: 'update';
  path: string;
  absolutePath: string;
  /** Where the file was moved to, as written in the patch. */
  movePath: string | undefined;
  absoluteMovePath: string | undefined;
  previousContent: string;
  newContent: string;
  diff: string;
}

/** Paths by kind of change, as the success summary lists them: spelled as in the patch. */
export interface AffectedPaths {
  added: string[];
  modified: string[];
  deleted: string[];
}
