import type { Part } from '@google/genai';
import { resolveMedia } from '../shared/local-media.js';
import { GEMINI } from './provider-name.js';

/** Media types by extension, for URLs sent as `fileData` (Gemini wants a mimeType with each). */
const URL_MEDIA_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  mp4: 'video/mp4',
};

function mediaTypeFromUrl(url: string): string | undefined {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return undefined;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : URL_MEDIA_TYPES[extension];
}

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*?)(;base64)?,(.*)$/s;

/** A `data:` URL's bytes, inline: Gemini cannot fetch one as a file. */
function fromDataUrl(url: string, defaultType: string): Part | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  const payload = match[4] ?? '';
  const data = match[3] ? payload : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
  return { inlineData: { mimeType: match[1] || defaultType, data } };
}

/**
 * An image, audio clip or document as a Gemini part: bytes and local files inline
 * (`inlineData`), web URLs by reference (`fileData`), `data:` URLs decoded to inline bytes.
 */
export async function toGeminiMediaPart(
  media: { url?: string; data?: string; mediaType?: string },
  defaultType: string,
): Promise<Part> {
  if (media.data === undefined && media.url?.startsWith('data:')) {
    const inline = fromDataUrl(media.url, media.mediaType ?? defaultType);
    if (inline) return inline;
  }
  const resolved = await resolveMedia(media, GEMINI, defaultType);
  if (resolved.kind === 'inline')
    return { inlineData: { mimeType: resolved.mediaType, data: resolved.data } };
  return {
    fileData: {
      fileUri: resolved.url,
      mimeType: resolved.mediaType ?? mediaTypeFromUrl(resolved.url) ?? defaultType,
    },
  };
}
