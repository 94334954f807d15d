import type { ToolContent } from '@weft/agent-core';
import type { ReadManyFilesResult } from './read-many-files.js';

const TRUNCATED_WARNING =
  "[WARNING: This file was truncated. To view the full content, use the 'read_file' tool on this specific file.]";
const TERMINATOR = '\n--- End of content ---';
const NOTHING_READ = 'No files matching the criteria were found or all were skipped.';

/**
 * What the model sees, in gemini-cli's format: for each file `--- /absolute/path ---`, a blank
 * line, its text (a truncation warning first when cut), a blank line; then
 * `--- End of content ---`. Images come as image parts after their separator. A closing note
 * lists files that were skipped and why (our addition).
 */
export function formatReadManyFiles(result: ReadManyFilesResult): ToolContent[] {
  const content: ToolContent[] = [];
  let text = '';
  for (const file of result.files) {
    text += `--- ${file.absolutePath} ---\n\n`;
    if (file.result.kind === 'image') {
      content.push(
        { type: 'text', text },
        { type: 'image', data: file.result.data, mediaType: file.result.mediaType },
      );
      text = '';
      continue;
    }
    if (file.truncated) text += `${TRUNCATED_WARNING}\n\n`;
    text += `${file.result.lines.join('\n')}\n\n`;
  }
  text += result.files.length > 0 ? TERMINATOR : NOTHING_READ;
  if (result.skipped.length > 0) {
    const listed = result.skipped.slice(0, 10).map((file) => `${file.path} (${file.reason})`);
    const more = result.skipped.length > 10 ? `; and ${result.skipped.length - 10} more` : '';
    text += `\n\n[Skipped ${result.skipped.length}: ${listed.join('; ')}${more}]`;
  }
  content.push({ type: 'text', text });
  return content;
}
