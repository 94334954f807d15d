import type { WriteFileResult } from './write-file.js';

/** What the model sees after a write, in pi's wording: "Successfully wrote 11 bytes to a.txt". */
export function formatWriteFile(result: WriteFileResult): string {
  return `Successfully wrote ${result.bytes} bytes to ${result.path}`;
}
