import type { ContentPart, Message } from '@weft/llm';
import { summaryTurnMessage } from '../context/summary-text.js';
import type { ToolContent } from '../tools/tool.js';
import type { ToolResultRecord, Turn } from './turn.js';

/** What the conversion needs to know about the model the messages go to. */
export interface ConversionTarget {
  /** The model accepts images; without it images become a short note in text. */
  vision: boolean;
}

/** Stands in for an image the model cannot take. */
export const IMAGE_OMITTED_TEXT = '[image omitted: the current model does not accept images]';

/**
 * The llm messages one turn becomes (loop spec §2.5 `convert_history_to_messages`):
 *
 * - user → a user message (text and images);
 * - assistant → the provider's message exactly as it came (signatures, ids, origin);
 * - tool_results → one tool message per result, in call order (the first image rides in the
 *   result for models with vision);
 * - steering → a user message (§2.6: the model sees it as more instructions from the user);
 * - system → a user message wrapped in `<system-reminder>`: providers take system text only at
 *   the top of a request, and moving a mid-conversation note there would reorder it and break
 *   the cached prompt prefix;
 * - summary → the user message the context module words (the compacted part's summary and files).
 */
export function turnToMessages(turn: Turn, target: ConversionTarget): Message[] {
  switch (turn.type) {
    case 'user':
      return [{ role: 'user', content: userContent(turn.content, target) }];
    case 'assistant':
      return [turn.message];
    case 'tool_results':
      return turn.results.map((result) => toolMessage(result, target));
    case 'steering':
      return [{ role: 'user', content: [{ kind: 'text', text: turn.content }] }];
    case 'system':
      return [
        {
          role: 'user',
          content: [{ kind: 'text', text: `<system-reminder>\n${turn.content}\n</system-reminder>` }],
        },
      ];
    case 'summary':
      return [summaryTurnMessage(turn)];
  }
}

function userContent(content: readonly ToolContent[], target: ConversionTarget): ContentPart[] {
  const parts: ContentPart[] = [];
  for (const part of content) {
    if (part.type === 'text') parts.push({ kind: 'text', text: part.text });
    else if (target.vision)
      parts.push({ kind: 'image', image: { data: part.data, mediaType: part.mediaType } });
    else parts.push({ kind: 'text', text: IMAGE_OMITTED_TEXT });
  }
  return parts;
}

function toolMessage(result: ToolResultRecord, target: ConversionTarget): Message {
  const texts: string[] = [];
  let image: { data: string; mediaType: string } | undefined;
  let extraImages = 0;
  for (const part of result.content) {
    if (part.type === 'text') texts.push(part.text);
    else if (!target.vision) texts.push(IMAGE_OMITTED_TEXT);
    else if (image === undefined) image = { data: part.data, mediaType: part.mediaType };
    else extraImages++;
  }
  // A result carries one image in the unified model; say so rather than drop the rest silently.
  if (extraImages > 0) texts.push(`[${extraImages} more image(s) omitted]`);
  return {
    role: 'tool',
    toolCallId: result.toolCallId,
    content: [
      {
        kind: 'tool_result',
        toolResult: {
          toolCallId: result.toolCallId,
          toolName: result.toolName,
          content: texts.join('\n'),
          isError: result.isError,
          ...(image ? { imageData: image.data, imageMediaType: image.mediaType } : {}),
        },
      },
    ],
  };
}
