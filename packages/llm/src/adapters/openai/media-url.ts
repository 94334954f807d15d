import type { ResolvedMedia } from '../shared/local-media.js';

/** What OpenAI's APIs take for media: the URL itself, or the bytes as a `data:` URL. */
export function mediaUrl(media: ResolvedMedia): string {
  return media.kind === 'url' ? media.url : `data:${media.mediaType};base64,${media.data}`;
}
