import { truncateLine } from '@weft/agent-core';
import type { RgRecord } from '../ripgrep/rg-json.js';
import type { RecordVerdict } from '../ripgrep/run-ripgrep.js';
import type { GrepLine } from './grep-options.js';

/** One file's share of a content-mode search, keyed by ripgrep's path. */
export interface CollectedFile {
  rgPath: string;
  matchCount: number;
  lines: GrepLine[];
  binary: boolean;
}

/**
 * Gathers `rg --json` records into per-file lines until `limit` matching lines are held, then
 * decides the moment ripgrep can be stopped:
 *
 * - the limit only counts as reached when ripgrep shows there is more (a further match, another
 *   file, or a context line that can only lead up to a further match), so exactly `limit`
 *   matches give no notice;
 * - the after-context of the last kept match is still taken, and a later match inside that
 *   window is shown as the context line it is for the kept match;
 * - before-context lines of matches past the limit are dropped, so no line appears without its
 *   match.
 */
export class ContentCollector {
  private readonly files = new Map<string, CollectedFile>();
  private matches = 0;
  private last: { file: CollectedFile; lineNumber: number } | undefined;
  private reachedLimit = false;
  private cutLines = false;

  constructor(
    private readonly limit: number,
    private readonly afterContext: number,
    private readonly maxLineLength: number,
  ) {}

  accept(record: RgRecord): RecordVerdict {
    switch (record.kind) {
      case 'begin':
        // ripgrep only begins files that have a match, so a new file past the limit is proof of more.
        if (this.matches < this.limit) return 'continue';
        this.reachedLimit = true;
        return 'stop';
      case 'end': {
        if (record.binary) this.fileFor(record.path).binary = true;
        return this.reachedLimit ? 'stop' : 'continue';
      }
      case 'summary':
        return 'continue';
      case 'line':
        return this.acceptLine(record);
    }
  }

  private acceptLine(record: Extract<RgRecord, { kind: 'line' }>): RecordVerdict {
    if (this.matches < this.limit) {
      const file = this.fileFor(record.path);
      this.push(file, record.lineNumber, record.text, record.isMatch);
      if (record.isMatch) {
        this.matches++;
        file.matchCount++;
        this.last = { file, lineNumber: record.lineNumber };
      }
      return 'continue';
    }
    const last = this.last;
    const windowEnd = last ? last.lineNumber + this.afterContext : 0;
    const inWindow = last !== undefined && record.path === last.file.rgPath && record.lineNumber <= windowEnd;
    // A match past the limit, or a context line past the window (it can only precede a match).
    if (record.isMatch || !inWindow) this.reachedLimit = true;
    if (!inWindow) return 'stop';
    this.push(last.file, record.lineNumber, record.text, false);
    return this.reachedLimit && record.lineNumber >= windowEnd ? 'stop' : 'continue';
  }

  private push(file: CollectedFile, lineNumber: number, raw: string, isMatch: boolean): void {
    if (raw.includes('\0')) file.binary = true;
    const { text, wasTruncated } = truncateLine(raw, this.maxLineLength);
    if (wasTruncated) this.cutLines = true;
    file.lines.push({ lineNumber, text, isMatch, truncated: wasTruncated });
  }

  private fileFor(rgPath: string): CollectedFile {
    let file = this.files.get(rgPath);
    if (!file) {
      file = { rgPath, matchCount: 0, lines: [], binary: false };
      this.files.set(rgPath, file);
    }
    return file;
  }

  /** Files in the order ripgrep reported them; files whose only lines were dropped are left out. */
  collected(): CollectedFile[] {
    return [...this.files.values()].filter((file) => file.matchCount > 0);
  }

  get matchCount(): number {
    return this.matches;
  }

  get limitReached(): boolean {
    return this.reachedLimit;
  }

  get linesTruncated(): boolean {
    return this.cutLines;
  }
}
