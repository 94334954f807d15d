/**
 * Cuts a stream of text chunks into records ending in `separator` ('\n' for ripgrep's JSON
 * lines, '\0' for its `--null` path lists). A record split across chunks is held back until
 * its end arrives; `flush` returns a last record that had no separator.
 */
export class RecordSplitter {
  private pending = '';

  constructor(private readonly separator: string) {}

  push(chunk: string): string[] {
    const first = chunk.indexOf(this.separator);
    // A long record arrives in many chunks: append without re-splitting what is held.
    if (first === -1) {
      this.pending += chunk;
      return [];
    }
    const records = chunk.slice(first + this.separator.length).split(this.separator);
    records.unshift(this.pending + chunk.slice(0, first));
    this.pending = records.pop() ?? '';
    return records;
  }

  flush(): string[] {
    const last = this.pending;
    this.pending = '';
    return last === '' ? [] : [last];
  }
}
