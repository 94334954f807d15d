import { posix, win32 } from 'node:path';
import { EnvironmentError } from '../environment/environment-error.js';
import type {
  ByteRange,
  DirEntry,
  ExecOptions,
  ExecResult,
  ExecutionEnvironment,
  FileStat,
  PathAccess,
  ProcessHandle,
  StartProcessOptions,
} from '../environment/execution-environment.js';

/**
 * A parent's environment seen from one of its subdirectories: a subagent spawned with
 * `working_dir`. Relative paths and commands start in the subdirectory, and writes are confined
 * to it (on top of the parent's own write policy, which still applies). Reads are not confined:
 * the agent may look at the rest of the project. The confinement is by path: a command can still
 * write anywhere the parent's could, since what a shell command touches is not knowable in advance.
 *
 * Everything else (the file system, processes, the platform) is the parent's: both share one
 * environment, and closing a subagent never cleans it up.
 */
export class SubdirectoryEnvironment implements ExecutionEnvironment {
  readonly workingDirectory: string;
  readonly startProcess?: (command: string, options?: StartProcessOptions) => Promise<ProcessHandle>;
  private readonly path: typeof posix;

  /** `directory` must already be absolute in the parent's terms (see {@link SubdirectoryEnvironment.create}). */
  private constructor(
    private readonly parent: ExecutionEnvironment,
    directory: string,
  ) {
    this.path = parent.platform === 'windows' ? win32 : posix;
    this.workingDirectory = directory;
    const start = parent.startProcess?.bind(parent);
    if (start) this.startProcess = (command, options = {}) => start(command, this.withCwd(options));
  }

  /**
   * The view of `parent` from `directory` (absolute, or relative to the parent's working
   * directory). Throws EnvironmentError NOT_FOUND or NOT_DIRECTORY when it is not an existing
   * directory. The parent need not allow writes there: each write is checked on its own.
   */
  static async create(parent: ExecutionEnvironment, directory: string): Promise<SubdirectoryEnvironment> {
    const absolute = parent.resolvePath(directory, 'read');
    const stat = await parent.stat(absolute);
    if (!stat)
      throw new EnvironmentError('NOT_FOUND', `Directory not found: ${absolute}`, { path: absolute });
    if (stat.type !== 'directory') {
      throw new EnvironmentError('NOT_DIRECTORY', `Not a directory: ${absolute}`, { path: absolute });
    }
    return new SubdirectoryEnvironment(parent, absolute);
  }

  get kind(): string {
    return this.parent.kind;
  }
  get platform(): ExecutionEnvironment['platform'] {
    return this.parent.platform;
  }
  get osVersion(): string {
    return this.parent.osVersion;
  }
  get defaultTimeoutMs(): number | undefined {
    return this.parent.defaultTimeoutMs;
  }
  get maxTimeoutMs(): number | undefined {
    return this.parent.maxTimeoutMs;
  }

  // The parent is the host's to set up and tear down; a subagent's view neither starts nor stops it.
  async initialize(): Promise<void> {}
  async cleanup(): Promise<void> {}

  resolvePath(path: string, access: PathAccess): string {
    const resolved = this.parent.resolvePath(this.fromHere(path), access);
    if (access === 'write' && !this.inside(resolved)) {
      throw new EnvironmentError(
        'OUTSIDE_ALLOWED_ROOTS',
        `Cannot write ${resolved}: this agent may only write inside ${this.workingDirectory}.`,
        { path: resolved },
      );
    }
    return resolved;
  }

  stat(path: string): Promise<FileStat | undefined> {
    return this.parent.stat(this.fromHere(path));
  }
  fileExists(path: string): Promise<boolean> {
    return this.parent.fileExists(this.fromHere(path));
  }
  readFile(path: string, range?: ByteRange): Promise<Uint8Array> {
    return this.parent.readFile(this.fromHere(path), range);
  }
  readFileStream(
    path: string,
    options?: { start?: number; signal?: AbortSignal },
  ): AsyncIterable<Uint8Array> {
    return this.parent.readFileStream(this.fromHere(path), options);
  }
  async writeFile(path: string, data: string | Uint8Array): Promise<void> {
    await this.parent.writeFile(this.resolvePath(path, 'write'), data);
  }
  async deleteFile(path: string): Promise<void> {
    await this.parent.deleteFile(this.resolvePath(path, 'write'));
  }
  listDirectory(path: string, options?: { depth?: number; signal?: AbortSignal }): Promise<DirEntry[]> {
    return this.parent.listDirectory(this.fromHere(path), options);
  }
  execCommand(command: string, options: ExecOptions = {}): Promise<ExecResult> {
    return this.parent.execCommand(command, this.withCwd(options));
  }
  execFile(file: string, args: readonly string[], options: ExecOptions = {}): Promise<ExecResult> {
    return this.parent.execFile(file, args, this.withCwd(options));
  }

  /** A relative path taken from the subdirectory; absolute and `~` paths as they are. */
  private fromHere(path: string): string {
    if (path.startsWith('~') || this.path.isAbsolute(path)) return path;
    return this.path.join(this.workingDirectory, path);
  }

  private inside(absolute: string): boolean {
    const relative = this.path.relative(this.workingDirectory, absolute);
    const up = relative === '..' || relative.startsWith(`..${this.path.sep}`);
    return !up && !this.path.isAbsolute(relative);
  }

  private withCwd<T extends { cwd?: string }>(options: T): T {
    return { ...options, cwd: this.fromHere(options.cwd ?? '.') };
  }
}
