/**
 * Splits a byte stream into lines on '\n' only (a '\r' before it is dropped). Not node:readline:
 * that also breaks lines at U+2028 and U+2029, which JSON strings may hold unescaped.
 */
export class LineSplitter {
  private buffered = '';
  private readonly decoder = new TextDecoder();

  /** The complete lines `chunk` finishes. */
  push(chunk: Uint8Array | string): string[] {
    this.buffered += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const lines = this.buffered.split('\n');
    this.buffered = lines.pop() ?? '';
    return lines.map(stripCr);
  }

  /** What is left at the end of the stream, when it did not end with '\n'. */
  end(): string[] {
    const rest = this.buffered + this.decoder.decode();
    this.buffered = '';
    return rest === '' ? [] : [stripCr(rest)];
  }
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
