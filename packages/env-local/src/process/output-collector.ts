import type { OutputChunk } from '@weft/agent-core';
import { ByteRing } from './byte-ring.js';
import { SpillFile } from './spill-file.js';
import { Utf8Aligner } from './utf8-aligner.js';

type StreamName = OutputChunk['stream'];

export interface OutputLimits {
  /** Bytes of output kept in memory per view (stdout, stderr, combined). */
  windowBytes: number;
  /** Past this many bytes in total the whole combined output also goes to a spill file (Infinity: never). */
  spillThresholdBytes: number;
  /** Folder for spill files. */
  spillDirectory: string;
}

export interface CollectedOutput {
  stdout: string;
  stderr: string;
  output: string;
  totalBytes: number;
  outputTruncated: boolean;
  fullOutputPath?: string;
}

/**
 * Gathers a process's stdout and stderr as they are read: streams character-aligned text to
 * `onOutput`, keeps the last `windowBytes` of each stream and of both combined in arrival order
 * (fixed ring buffers), and once the total passes the spill threshold writes every byte
 * (back-filled from the combined ring) to a spill file. `receive` copies what it keeps, so readers
 * may hand it a buffer they reuse. Memory stays at three windows however much the process prints.
 */
export class OutputCollector {
  private readonly aligners = { stdout: new Utf8Aligner(), stderr: new Utf8Aligner() };
  private readonly rings: Record<StreamName, ByteRing>;
  private readonly combined: ByteRing;
  private spill: SpillFile | undefined;
  private totalBytes = 0;

  constructor(
    private readonly limits: OutputLimits,
    private readonly onOutput?: (chunk: OutputChunk) => void,
  ) {
    this.rings = { stdout: new ByteRing(limits.windowBytes), stderr: new ByteRing(limits.windowBytes) };
    this.combined = new ByteRing(limits.windowBytes);
  }

  /** Takes bytes just read from `stream`; they need only stay valid for the call. */
  receive(bytes: Uint8Array, stream: StreamName): void {
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    if (!this.spill && this.totalBytes > this.limits.spillThresholdBytes) {
      this.spill = new SpillFile(this.limits.spillDirectory);
      // The ring still holds everything so far: the threshold is at most the window.
      this.spill.write(this.combined.bytes());
    }
    this.accept(this.aligners[stream].push(bytes), stream);
  }

  /** Call once both streams have ended: flushes unfinished characters, closes the spill file. */
  finish(): CollectedOutput {
    this.accept(this.aligners.stdout.flush(), 'stdout');
    this.accept(this.aligners.stderr.flush(), 'stderr');
    const fullOutputPath = this.spill?.close();
    return {
      stdout: this.rings.stdout.text(),
      stderr: this.rings.stderr.text(),
      output: this.combined.text(),
      totalBytes: this.totalBytes,
      outputTruncated: this.combined.truncated,
      ...(fullOutputPath === undefined ? {} : { fullOutputPath }),
    };
  }

  private accept(bytes: Uint8Array, stream: StreamName): void {
    if (bytes.length === 0) return;
    this.spill?.write(bytes);
    this.rings[stream].push(bytes);
    this.combined.push(bytes);
    if (this.onOutput) {
      try {
        this.onOutput({
          stream,
          text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'),
        });
      } catch {
        // A failing listener must not take the command down with it.
      }
    }
  }
}
