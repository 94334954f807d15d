/**
 * System turns (notes from the host) are never paraphrased by a compaction: their text is carried
 * verbatim at the end of the summary turn, in a block code writes and reads back, so an update
 * of the summary keeps them word for word and the model never sees them as its own prose.
 */

const BLOCK = /\n*<system-notes>\n([\s\S]*)\n<\/system-notes>\s*$/;
const NOTE = /<note>\n([\s\S]*?)\n<\/note>/g;

/** A summary text split into the model-written part and the verbatim notes appended to it. */
export function splitSystemNotes(summary: string): { body: string; notes: string[] } {
  const block = BLOCK.exec(summary);
  if (!block) return { body: summary, notes: [] };
  const notes = [...(block[1] ?? '').matchAll(NOTE)].map((match) => match[1] ?? '');
  return { body: summary.slice(0, block.index), notes };
}

/** The model-written summary with the notes appended (the summary alone when there are none). */
export function joinSystemNotes(body: string, notes: readonly string[]): string {
  if (notes.length === 0) return body;
  const inner = notes.map((note) => `<note>\n${note}\n</note>`).join('\n');
  return `${body}\n\n<system-notes>\n${inner}\n</system-notes>`;
}
