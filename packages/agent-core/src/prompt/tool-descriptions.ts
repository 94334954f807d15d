import type { Tool } from '../tools/tool.js';

/**
 * How the tool layer of the system prompt reads:
 * - 'summary' (default): each tool's name and the first sentence of its description. Every
 *   provider Weft talks to also receives the tools as definitions (name, full description, JSON
 *   Schema) in the request, so repeating them whole would pay for the same tokens twice on every
 *   call; the summary still gives the model an overview it can plan with in one place.
 * - 'full': names and whole descriptions, for hosts that send no tool definitions.
 * - 'none': no tool layer.
 */
export type ToolDescriptionStyle = 'summary' | 'full' | 'none';

/** Longest summary kept, in characters; a description's first sentence is rarely longer. */
const SUMMARY_MAX_CHARS = 200;

/** The tool layer: one line per tool in the order given, or '' when there is nothing to say. */
export function buildToolDescriptions(
  tools: readonly Tool[],
  style: ToolDescriptionStyle = 'summary',
): string {
  if (style === 'none' || tools.length === 0) return '';
  if (style === 'full') {
    return [
      '<tools>',
      ...tools.map((tool) => `## ${tool.name}\n${tool.description.trim()}`),
      '</tools>',
    ].join('\n\n');
  }
  return [
    '<tools>',
    'Tools available to you (their parameters come with each request):',
    ...tools.map((tool) => `- ${tool.name}: ${summarize(tool.description)}`),
    '</tools>',
  ].join('\n');
}

/** The first sentence of a description's first paragraph, whitespace collapsed, capped. */
export function summarize(description: string): string {
  const firstParagraph = description.trim().split(/\n\s*\n/)[0] ?? '';
  const flat = firstParagraph.replace(/\s+/g, ' ');
  // A sentence ends at . ! or ? before a capital letter or the end: "e.g. **/*.ts" does not end one.
  const sentenceEnd = flat.search(/[.!?](?=\s+[A-Z`'"(]|$)/);
  const sentence = sentenceEnd === -1 ? flat : flat.slice(0, sentenceEnd + 1);
  return sentence.length <= SUMMARY_MAX_CHARS
    ? sentence
    : `${sentence.slice(0, SUMMARY_MAX_CHARS - 1).trimEnd()}…`;
}
