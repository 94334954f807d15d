import type { RecordVerdict } from '../ripgrep/run-ripgrep.js';

/** One file from `rg --files-with-matches --null` or `rg --count --with-filename --null`. */
export interface ListedFile {
  rgPath: string;
  /** Matching lines in count mode; null in files_with_matches mode. */
  count: number | null;
}

/**
 * Gathers the files of a files_with_matches or count search until `limit` are held; one more
 * proves the limit was reached and stops ripgrep.
 */
export class PathListCollector {
  private readonly files: ListedFile[] = [];
  private reachedLimit = false;

  constructor(
    private readonly limit: number,
    private readonly withCounts: boolean,
  ) {}

  /** Takes one record: a path (files mode, split on NUL) or "path\0count" (count mode, split on newline). */
  accept(record: string): RecordVerdict {
    const file = this.parse(record);
    if (file === undefined) return 'continue';
    if (this.files.length >= this.limit) {
      this.reachedLimit = true;
      return 'stop';
    }
    this.files.push(file);
    return 'continue';
  }

  private parse(record: string): ListedFile | undefined {
    if (!this.withCounts) return record.length > 0 ? { rgPath: record, count: null } : undefined;
    const separator = record.lastIndexOf('\0');
    if (separator <= 0) return undefined;
    const count = Number.parseInt(record.slice(separator + 1), 10);
    return Number.isFinite(count) ? { rgPath: record.slice(0, separator), count } : undefined;
  }

  collected(): ListedFile[] {
    return this.files;
  }

  get limitReached(): boolean {
    return this.reachedLimit;
  }
}
