import { Transform } from 'node:stream';
import type * as Zlib from 'node:zlib';

/**
 * The decoders for a response's content-encoding, in the order the body goes through them, as
 * Node's fetch chooses them: gzip (or x-gzip), deflate (zlib-wrapped or raw) and br, undone last
 * first; any other coding leaves the body as it came. Lenient flushing, as browsers and curl, so a
 * body cut short still yields what arrived.
 */
export function contentDecoders(contentEncoding: string | null): Transform[] {
  if (!contentEncoding) return [];
  const codings = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim());
  const zlib = process.getBuiltinModule('node:zlib');
  const decoders: Transform[] = [];
  for (let index = codings.length - 1; index >= 0; index--) {
    const coding = codings[index];
    if (coding === 'gzip' || coding === 'x-gzip') {
      decoders.push(
        zlib.createGunzip({ flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
      );
    } else if (coding === 'deflate') {
      decoders.push(inflate(zlib));
    } else if (coding === 'br') {
      decoders.push(
        zlib.createBrotliDecompress({
          flush: zlib.constants.BROTLI_OPERATION_FLUSH,
          finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH,
        }),
      );
    } else {
      return [];
    }
  }
  return decoders;
}

/**
 * "deflate" is meant to be zlib-wrapped, but servers also send it raw: the first byte tells which
 * (a zlib header's low nibble is 8, the deflate method).
 */
function inflate(zlib: typeof Zlib): Transform {
  const options = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
  let inner: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (chunk.length === 0) return callback();
      if (!inner) {
        inner =
          ((chunk[0] ?? 0) & 0x0f) === 0x08 ? zlib.createInflate(options) : zlib.createInflateRaw(options);
        inner.on('data', (data: Buffer) => this.push(data));
        inner.on('error', (error) => this.destroy(error));
      }
      inner.write(chunk, () => callback());
    },
    flush(callback) {
      if (!inner) return callback();
      inner.once('end', () => callback());
      inner.end();
    },
  });
}
