import type {
  Base64ImageSource,
  DocumentBlockParam,
  ImageBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import { InvalidRequestError } from '../../../errors/sdk-error.js';
import type { DocumentData, ImageData } from '../../../types/content.js';
import { resolveMedia } from '../../shared/local-media.js';

type ImageMediaType = Base64ImageSource['media_type'];
const IMAGE_TYPES: ReadonlySet<string> = new Set<ImageMediaType>([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
]);
/** Plain-text documents go as `{type: 'text', media_type: 'text/plain'}` sources. */
const TEXT_DOCUMENT_TYPES: ReadonlySet<string> = new Set(['text/plain', 'text/markdown']);
const PDF = 'application/pdf';

export function unsupported(message: string, provider: string): InvalidRequestError {
  return new InvalidRequestError(`${provider}: ${message}`, { provider, retryable: false });
}

/** An image as a URL source or inline base64 (a local path is read and sent inline). */
export async function imageBlock(image: ImageData, provider: string): Promise<ImageBlockParam> {
  const media = await resolveMedia(image, provider, 'image/png');
  if (media.kind === 'url') return { type: 'image', source: { type: 'url', url: media.url } };
  if (!IMAGE_TYPES.has(media.mediaType)) {
    throw unsupported(
      `images must be JPEG, PNG, GIF or WebP; ${media.mediaType} is not accepted by the Messages API.`,
      provider,
    );
  }
  return {
    type: 'image',
    source: { type: 'base64', media_type: media.mediaType as ImageMediaType, data: media.data },
  };
}

/**
 * A PDF as a URL or base64 `document` block, or a plain-text document as a text source. Other
 * document types (Word, spreadsheets, ...) have no Messages API form and are refused here.
 */
export async function documentBlock(document: DocumentData, provider: string): Promise<DocumentBlockParam> {
  const media = await resolveMedia(document, provider, PDF);
  const title = document.fileName === undefined ? {} : { title: document.fileName };
  if (media.kind === 'url') {
    if (media.mediaType !== undefined && media.mediaType !== PDF) {
      throw unsupported(`only PDF documents can be sent by URL, not ${media.mediaType}.`, provider);
    }
    return { type: 'document', source: { type: 'url', url: media.url }, ...title };
  }
  if (media.mediaType === PDF) {
    return { type: 'document', source: { type: 'base64', media_type: PDF, data: media.data }, ...title };
  }
  if (TEXT_DOCUMENT_TYPES.has(media.mediaType)) {
    const text = Buffer.from(media.data, 'base64').toString('utf8');
    return { type: 'document', source: { type: 'text', media_type: 'text/plain', data: text }, ...title };
  }
  throw unsupported(`documents must be PDF or plain text; ${media.mediaType} is not accepted.`, provider);
}
