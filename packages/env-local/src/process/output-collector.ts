import type { Readable } from 'node:stream';
import type { OutputChunk } from '@weft/agent-core';
import { RollingWindow } from './rolling-window.js';
import { SpillFile } from './spill-file.js';
import { Utf8Aligner } from './utf8-aligner.js';

type StreamName = OutputChunk['stream'];

export interface OutputLimits {
  /** Bytes of output kept in memory per view (stdout, stderr, combined). */
  windowBytes: number;
  /** Past this many bytes in total the whole combined output also goes to a spill file. */
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
 * Gathers a process's stdout and stderr: streams character-aligned text to `onOutput` as it
 * arrives, keeps a rolling window of each stream and of both combined in arrival order, and once
 * the total passes the spill threshold writes every byte (back-filled from the window) to a spill
 * file. Memory stays at about three windows however much the process prints.
 */
export class OutputCollector {
  private readonly aligners = { stdout: new Utf8Aligner(), stderr: new Utf8Aligner() };
  private readonly windows: Record<StreamName, RollingWindow>;
  private readonly combined: RollingWindow<StreamName>;
  private readonly sources: Readable[] = [];
  private readonly ended: Promise<void>[] = [];
  private spill: SpillFile | undefined;
  private totalBytes = 0;
  private paused = false;

  constructor(
    private readonly limits: OutputLimits,
    private readonly onOutput?: (chunk: OutputChunk) => void,
  ) {
    this.windows = {
      stdout: new RollingWindow(limits.windowBytes),
      stderr: new RollingWindow(limits.windowBytes),
    };
    this.combined = new RollingWindow<StreamName>(limits.windowBytes);
  }

  attach(source: Readable | null | undefined, stream: StreamName): void {
    if (!source) return;
    this.sources.push(source);
    this.ended.push(
      new Promise<void>((resolve) => {
        source.on('data', (chunk: Buffer) => this.receive(chunk, stream));
        source.once('close', resolve);
        source.once('end', resolve);
        // A read error ends the stream for us; the process result still reports what arrived.
        source.once('error', () => resolve());
      }),
    );
  }

  /** Waits for every attached stream to end, then returns what was collected. */
  async finish(): Promise<CollectedOutput> {
    await Promise.all(this.ended);
    this.accept(this.aligners.stdout.flush(), 'stdout');
    this.accept(this.aligners.stderr.flush(), 'stderr');
    const fullOutputPath = await this.spill?.close();
    return {
      stdout: this.windows.stdout.text(),
      stderr: this.windows.stderr.text(),
      output: this.combined.text(),
      totalBytes: this.totalBytes,
      outputTruncated: this.combined.truncated,
      ...(fullOutputPath === undefined ? {} : { fullOutputPath }),
    };
  }

  private receive(chunk: Buffer, stream: StreamName): void {
    this.totalBytes += chunk.length;
    if (!this.spill && this.totalBytes > this.limits.spillThresholdBytes) this.startSpill();
    this.accept(this.aligners[stream].push(chunk), stream);
  }

  private accept(bytes: Buffer, stream: StreamName): void {
    if (bytes.length === 0) return;
    if (this.spill && !this.spill.write(bytes)) this.pause();
    this.windows[stream].push(bytes, undefined);
    this.combined.push(bytes, stream);
    if (this.onOutput) {
      try {
        this.onOutput({ stream, text: bytes.toString('utf8') });
      } catch {
        // A failing listener must not take the command down with it.
      }
    }
  }

  private startSpill(): void {
    this.spill = new SpillFile(this.limits.spillDirectory);
    // The window still holds everything so far: the threshold is at most the window size.
    for (const piece of this.combined.held()) this.spill.write(piece.bytes);
  }

  private pause(): void {
    if (this.paused || !this.spill) return;
    this.paused = true;
    for (const source of this.sources) source.pause();
    this.spill.onDrain(() => {
      this.paused = false;
      for (const source of this.sources) source.resume();
    });
  }
}
