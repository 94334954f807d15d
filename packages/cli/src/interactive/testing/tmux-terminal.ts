import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TmuxOptions {
  /** The program and its arguments, run directly (no shell). */
  command: readonly string[];
  cwd: string;
  /** The whole environment of the program (tmux adds TERM and TMUX). */
  env: Record<string, string>;
  cols?: number;
  rows?: number;
}

export interface WaitOptions {
  timeoutMs?: number;
  /** Look at the whole scrollback, not only the visible screen. */
  history?: boolean;
}

/** Whether tmux can be run here. */
export function tmuxAvailable(): boolean {
  return spawnSync('tmux', ['-V'], { encoding: 'utf8' }).status === 0;
}

/**
 * A program in a real pseudo-terminal: a detached tmux session on a private server (its own
 * socket and an empty configuration), driven with send-keys and read with capture-pane. The pane
 * stays after the program exits so that its last screen and exit status can be read.
 */
export class TmuxTerminal {
  private readonly socket = `weft-test-${process.pid}-${randomBytes(4).toString('hex')}`;
  private readonly configDir = mkdtempSync(join(tmpdir(), 'weft-tmux-'));
  private readonly statusFile = join(this.configDir, 'status');
  private closed = false;

  private constructor(private readonly env: Record<string, string>) {}

  static start(options: TmuxOptions): TmuxTerminal {
    const terminal = new TmuxTerminal(options.env);
    const config = join(terminal.configDir, 'tmux.conf');
    writeFileSync(
      config,
      [
        'set -g remain-on-exit on',
        'set -g status off',
        'set -g history-limit 20000',
        'set -sg escape-time 0',
        'set -g default-terminal xterm-256color',
        '',
      ].join('\n'),
    );
    execFileSync(
      'tmux',
      [
        '-L',
        terminal.socket,
        '-f',
        config,
        'new-session',
        '-d',
        '-s',
        'main',
        '-x',
        String(options.cols ?? 80),
        '-y',
        String(options.rows ?? 24),
        '-c',
        options.cwd,
        '--',
        // Through sh, which writes the program's exit status where exitStatus() reads it.
        'sh',
        '-c',
        'tty_program_status_file="$1"; shift; "$@"; echo $? > "$tty_program_status_file"',
        'sh',
        terminal.statusFile,
        ...options.command,
      ],
      { env: options.env, stdio: 'pipe' },
    );
    return terminal;
  }

  /** tmux key names (`Enter`, `Escape`, `C-c`, `M-Enter`, `Tab`), sent as the terminal would. */
  keys(...names: string[]): void {
    this.tmux('send-keys', '-t', 'main', ...names);
  }

  /** Text typed literally (no key-name lookup). */
  type(text: string): void {
    this.tmux('send-keys', '-t', 'main', '-l', text);
  }

  /** The visible screen, one line per row, trailing spaces trimmed. */
  screen(): string {
    return this.tmux('capture-pane', '-p', '-t', 'main');
  }

  /** The visible screen with its escape sequences (colours). */
  screenWithEscapes(): string {
    return this.tmux('capture-pane', '-p', '-e', '-t', 'main');
  }

  /** The scrollback and the screen. */
  history(): string {
    return this.tmux('capture-pane', '-p', '-S', '-', '-t', 'main');
  }

  /** Whether the program has exited, and with which status. */
  exitStatus(): number | undefined {
    if (!existsSync(this.statusFile)) return undefined;
    const text = readFileSync(this.statusFile, 'utf8').trim();
    return text === '' ? undefined : Number(text);
  }

  /**
   * Polls the screen (or the scrollback) until `expected` shows (a string, a pattern, or a test
   * of the text) and returns that text; throws with the last screen once `timeoutMs` passed.
   */
  async waitFor(
    expected: string | RegExp | ((text: string) => boolean),
    options: WaitOptions = {},
  ): Promise<string> {
    const test =
      typeof expected === 'string'
        ? (text: string) => text.includes(expected)
        : expected instanceof RegExp
          ? (text: string) => expected.test(text)
          : expected;
    const deadline = Date.now() + (options.timeoutMs ?? 20_000);
    let text = '';
    for (;;) {
      text = options.history ? this.history() : this.screen();
      if (test(text)) return text;
      if (Date.now() > deadline) {
        throw new Error(
          `Timed out waiting for ${String(expected)}. The ${options.history ? 'scrollback' : 'screen'}:\n${text}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for the program to exit and returns its status. */
  async waitForExit(timeoutMs = 20_000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const status = this.exitStatus();
      if (status !== undefined) return status;
      if (Date.now() > deadline) throw new Error(`The program did not exit. The screen:\n${this.screen()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Ends the tmux server (and the program, if still running). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    spawnSync('tmux', ['-L', this.socket, 'kill-server'], { env: this.env, stdio: 'ignore' });
    rmSync(this.configDir, { recursive: true, force: true });
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { env: this.env, encoding: 'utf8' });
  }
}
