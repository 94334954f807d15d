import { closeSync } from 'node:fs';
import { type OnReadOpts, Socket, type SocketConstructorOpts } from 'node:net';
import type { Readable } from 'node:stream';
import type { OutputChunk } from '@weft/agent-core';
import type { FifoPool } from './fifo-pool.js';

type StreamName = OutputChunk['stream'];

/** Bytes read at once from each stream. */
const READ_BUFFER_BYTES = 64 * 1024;

/**
 * The read side of a command's stdout and stderr. With FIFOs (see FifoPool) the write ends are
 * file descriptors for the child (`stdio`), and we read into one reused buffer per stream;
 * without, the child gets ordinary pipes and `attach` reads the subprocess's streams.
 */
export class OutputPipes {
  /** What to give the child as stdout and stderr: FIFO write ends, or 'pipe'. */
  readonly stdio: [number | 'pipe', number | 'pipe'];
  private readonly readers: Array<Socket | Readable> = [];
  private readonly ended: Promise<void>[] = [];
  private writeEnds: number[] = [];

  private constructor(
    stdio: [number | 'pipe', number | 'pipe'],
    private readonly fifoReadEnds: number[],
  ) {
    this.stdio = stdio;
    this.writeEnds = stdio.filter((fd): fd is number => typeof fd === 'number');
  }

  /** Takes two pipes from the pool, or falls back to ordinary pipes. */
  static async open(pool: FifoPool): Promise<OutputPipes> {
    const pair = await pool.takePair();
    if (pair === undefined) return new OutputPipes(['pipe', 'pipe'], []);
    const [stdout, stderr] = pair;
    return new OutputPipes([stdout.writeFd, stderr.writeFd], [stdout.readFd, stderr.readFd]);
  }

  /** Starts reading; `receive` gets bytes that are valid only during the call. */
  attach(
    subprocess: { stdout: Readable | null; stderr: Readable | null },
    receive: (bytes: Uint8Array, stream: StreamName) => void,
  ): void {
    // The child has its own copies of the write ends; ours must go, or the reads never end.
    this.closeWriteEnds();
    const streams: StreamName[] = ['stdout', 'stderr'];
    streams.forEach((stream, index) => {
      const fifo = this.fifoReadEnds[index];
      const reader =
        fifo === undefined
          ? subprocess[stream]
          : new Socket(readerOptions(fifo, (bytes) => receive(bytes, stream)));
      if (!reader) return;
      if (fifo === undefined) reader.on('data', (chunk: Buffer) => receive(chunk, stream));
      this.readers.push(reader);
      this.ended.push(
        new Promise<void>((resolve) => {
          reader.once('close', () => resolve());
          reader.once('end', () => resolve());
          // A read error ends the stream for us; the result still reports what arrived.
          reader.once('error', () => resolve());
        }),
      );
    });
  }

  /** Resolves once both streams have ended (every writer closed its end). */
  async whenEnded(): Promise<void> {
    await Promise.all(this.ended);
  }

  /** Stops reading and releases every descriptor (for giving up on pipes held open). */
  destroy(): void {
    this.closeWriteEnds();
    for (const reader of this.readers) reader.destroy();
    if (this.readers.length === 0) {
      for (const fd of this.fifoReadEnds) closeQuietly(fd);
    }
  }

  private closeWriteEnds(): void {
    for (const fd of this.writeEnds) closeQuietly(fd);
    this.writeEnds = [];
  }
}

/**
 * A socket over a FIFO read end that reads into one reused buffer. The Socket constructor takes
 * `onread` (net.connect passes its options through to it), though @types/node declares it only
 * for connect.
 */
function readerOptions(fd: number, receive: (bytes: Uint8Array) => void): SocketConstructorOpts {
  const onread: OnReadOpts = {
    buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
    callback: (bytesRead, buffer) => {
      receive(buffer.subarray(0, bytesRead));
      return true;
    },
  };
  const options: SocketConstructorOpts & { onread: OnReadOpts } = {
    fd,
    readable: true,
    writable: false,
    onread,
  };
  return options;
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // already closed
  }
}
