/**
 * A derived text (line endings unified, or fuzzy-normalised) that remembers where each part of
 * it came from, so a match found in the derived text can be mapped back to the source and only
 * the matched part of the source changed.
 *
 * The mapping is sparse: a list of segments where the view differs from its source, identity
 * in between. A segment replaces source `[sourceStart, sourceEnd)` by view
 * `[viewStart, viewEnd)`; deletions have `viewStart === viewEnd`.
 */
export interface Segment {
  sourceStart: number;
  sourceEnd: number;
  viewStart: number;
  viewEnd: number;
}

export class TextView {
  readonly text: string;
  readonly source: string;
  private readonly segments: readonly Segment[];

  constructor(source: string, text: string, segments: readonly Segment[]) {
    this.source = source;
    this.text = text;
    this.segments = segments;
  }

  /** A view identical to its source. */
  static identity(source: string): TextView {
    return new TextView(source, source, []);
  }

  /** True when the view is the source unchanged. */
  get isIdentity(): boolean {
    return this.segments.length === 0;
  }

  /**
   * Where a match starting at view index `index` starts in the source: at the start of the
   * source part that produced that view character (a whole cluster is always taken).
   */
  toSourceStart(index: number): number {
    const segment = this.segmentAtOrBefore(index);
    if (!segment) return index;
    if (index < segment.viewEnd) return segment.sourceStart;
    return segment.sourceEnd + (index - segment.viewEnd);
  }

  /**
   * Where a match ending (exclusively) at view index `index` ends in the source. A match ending
   * inside a replaced part takes that part whole; source text deleted from the view just before
   * `index` (trailing whitespace) goes with the match.
   */
  toSourceEnd(index: number): number {
    const segment = this.segmentAtOrBefore(index);
    if (!segment) return index;
    if (index < segment.viewEnd) return index === segment.viewStart ? segment.sourceStart : segment.sourceEnd;
    return segment.sourceEnd + (index - segment.viewEnd);
  }

  /** The last segment with `viewStart <= index` (ties resolved to the later segment). */
  private segmentAtOrBefore(index: number): Segment | undefined {
    let low = 0;
    let high = this.segments.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.segments[mid]!.viewStart <= index) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? undefined : this.segments[low - 1];
  }
}

/** Builds a view left to right: copy source ranges untouched, replace others. */
export class TextViewBuilder {
  private readonly source: string;
  private readonly parts: string[] = [];
  private readonly segments: Segment[] = [];
  private copiedUpTo = 0;
  private viewLength = 0;

  constructor(source: string) {
    this.source = source;
  }

  /** Replaces source `[start, end)` (which must not precede earlier replacements) by `text`. */
  replace(start: number, end: number, text: string): void {
    if (start > this.copiedUpTo) {
      this.parts.push(this.source.slice(this.copiedUpTo, start));
      this.viewLength += start - this.copiedUpTo;
    }
    this.segments.push({
      sourceStart: start,
      sourceEnd: end,
      viewStart: this.viewLength,
      viewEnd: this.viewLength + text.length,
    });
    this.parts.push(text);
    this.viewLength += text.length;
    this.copiedUpTo = end;
  }

  build(): TextView {
    if (this.segments.length === 0) return TextView.identity(this.source);
    this.parts.push(this.source.slice(this.copiedUpTo));
    return new TextView(this.source, this.parts.join(''), this.segments);
  }
}
