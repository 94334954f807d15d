/** How much of a text a head or tail truncation may keep. Missing limits take the defaults. */
export interface TruncationLimits {
  /** Lines to keep (default 2000). `Infinity` turns the line limit off. */
  maxLines?: number;
  /** UTF-8 bytes to keep (default 50 KB). `Infinity` turns the byte limit off. */
  maxBytes?: number;
}

/** What a head or tail truncation kept, and why it stopped. All counts are of the original text. */
export interface TruncationResult {
  /** The kept text: a prefix (head) or suffix (tail) of the original, or the original itself. */
  content: string;
  truncated: boolean;
  /** The limit that cut the text, or null when nothing was cut. */
  truncatedBy: 'lines' | 'bytes' | null;
  /** Lines in the original; a final newline ends the last line rather than starting a new one. */
  totalLines: number;
  /** UTF-8 bytes in the original. */
  totalBytes: number;
  /** Lines in `content` (a partial last line counts as one). */
  outputLines: number;
  /** UTF-8 bytes in `content`. */
  outputBytes: number;
  /** Tail only: the kept text is the end of one line longer than `maxBytes`. */
  lastLinePartial: boolean;
  /** Head only: the first line alone is longer than `maxBytes`, so `content` is empty. */
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}
