import { type ToolOutputTruncationOptions, truncateToolOutput } from '../../truncation/index.js';
import type { ToolContent, ToolResult } from '../tool.js';
import { EMPTY_RESULT_TEXT } from './pipeline-messages.js';

export interface ModelContent {
  /** Text (truncated) first, then the result's images. */
  content: ToolContent[];
  text: string;
  truncated: boolean;
}

/**
 * What the model is sent for a result (loop spec §5): the text parts joined and truncated with the
 * tool's limits (characters first, then lines), the images kept as they are. A result with no
 * content at all reads "(no output)", since providers refuse an empty tool result.
 */
export function modelContent(
  result: ToolResult,
  toolName: string,
  limits: ToolOutputTruncationOptions,
): ModelContent {
  let text = '';
  const images: ToolContent[] = [];
  for (const part of result.content) {
    if (part.type === 'text') text += part.text;
    else images.push(part);
  }
  const truncation = truncateToolOutput(text, toolName, limits);
  let modelText = truncation.text;
  if (modelText === '' && images.length === 0) modelText = EMPTY_RESULT_TEXT;
  const content: ToolContent[] = modelText === '' ? images : [{ type: 'text', text: modelText }, ...images];
  return { content, text: modelText, truncated: truncation.truncated };
}
