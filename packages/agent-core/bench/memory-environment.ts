import { EnvironmentError } from '../src/environment/environment-error.js';
import type {
  DirEntry,
  ExecResult,
  ExecutionEnvironment,
  FileStat,
} from '../src/environment/execution-environment.js';

/**
 * An environment with no files and no processes, for the benchmark: the loop's own work (project
 * doc discovery, the git snapshot) answers at once, so it measures the loop and not a disk.
 */
export class EmptyEnvironment implements ExecutionEnvironment {
  readonly kind = 'bench';
  readonly workingDirectory = '/bench/project';
  readonly platform = 'linux' as const;
  readonly osVersion = 'Linux bench';

  async initialize(): Promise<void> {}
  async cleanup(): Promise<void> {}
  resolvePath(path: string): string {
    return path.startsWith('/') ? path : `${this.workingDirectory}/${path}`;
  }
  async stat(): Promise<FileStat | undefined> {
    return undefined;
  }
  async fileExists(): Promise<boolean> {
    return false;
  }
  async readFile(path: string): Promise<Uint8Array> {
    throw new EnvironmentError('NOT_FOUND', `File not found: ${path}`, { path });
  }
  async *readFileStream(path: string): AsyncIterable<Uint8Array> {
    yield await this.readFile(path);
  }
  async writeFile(): Promise<void> {}
  async deleteFile(path: string): Promise<void> {
    throw new EnvironmentError('NOT_FOUND', `File not found: ${path}`, { path });
  }
  async listDirectory(): Promise<DirEntry[]> {
    return [];
  }
  async execCommand(): Promise<ExecResult> {
    // Not a git repository (what the git snapshot's script exits with outside one).
    return {
      stdout: '',
      stderr: '',
      output: '',
      exitCode: 90,
      signal: null,
      timedOut: false,
      aborted: false,
      durationMs: 0,
      totalBytes: 0,
      outputTruncated: false,
    };
  }
  execFile(): Promise<ExecResult> {
    return this.execCommand();
  }
}
