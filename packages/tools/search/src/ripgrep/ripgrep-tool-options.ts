/** What a host may set on either ripgrep-backed tool. */
export interface RipgrepToolOptions {
  /** The ripgrep binary in the environment. Default: the one shipped in `@vscode/ripgrep`. */
  rgPath?: string;
  /** Milliseconds before ripgrep is stopped and partial results are returned. Default 30 000. */
  timeoutMs?: number;
  /** Bytes of output kept. Default 50 KB. */
  maxBytes?: number;
}
