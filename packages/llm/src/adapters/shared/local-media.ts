import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { extname, resolve } from 'node:path';
import { InvalidRequestError } from '../../errors/sdk-error.js';

const MEDIA_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.heic': 'image/heic',
  '.heif': 'image/heif',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
};

/** A `url` that names a file on this machine rather than a resource on the web. */
export function isLocalPath(url: string): boolean {
  return url.startsWith('/') || url.startsWith('./') || url.startsWith('../') || url.startsWith('~');
}

/** Media as the wire wants it: inline base64 or a URL. */
export type ResolvedMedia =
  | { kind: 'inline'; data: string; mediaType: string }
  | { kind: 'url'; url: string; mediaType?: string };

/**
 * Normalizes `{ url?, data?, mediaType? }`: a local path is read and sent inline with its media
 * type inferred from the extension; bytes default to `defaultType`. Throws InvalidRequestError
 * (before any request is made) for a missing file or a part with neither url nor data.
 */
export async function resolveMedia(
  media: { url?: string; data?: string; mediaType?: string },
  provider: string,
  defaultType = 'image/png',
): Promise<ResolvedMedia> {
  if (media.data !== undefined)
    return { kind: 'inline', data: media.data, mediaType: media.mediaType ?? defaultType };
  if (media.url === undefined) {
    throw new InvalidRequestError('A media part needs either `url` or `data`.', {
      provider,
      retryable: false,
    });
  }
  if (!isLocalPath(media.url)) {
    return media.mediaType === undefined
      ? { kind: 'url', url: media.url }
      : { kind: 'url', url: media.url, mediaType: media.mediaType };
  }
  const path = media.url.startsWith('~')
    ? resolve(homedir(), media.url.slice(1).replace(/^[/\\]/, ''))
    : resolve(media.url);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new InvalidRequestError(
      `Cannot read the local file ${path} for a media part: ${(error as Error).message}`,
      {
        provider,
        cause: error,
        retryable: false,
      },
    );
  }
  const mediaType = media.mediaType ?? MEDIA_TYPES[extname(path).toLowerCase()] ?? defaultType;
  return { kind: 'inline', data: bytes.toString('base64'), mediaType };
}
