import type { SessionEvent } from '@weft/agent-core';
import { runCommand } from './commands/run-command.js';
import { COMMANDS, completeSlash, parseSlash } from './commands/slash-commands.js';
import type { InteractiveHost, SessionLike } from './contract.js';
import { Editor } from './input/editor.js';
import { ESCAPE_TIMEOUT_MS, type Key, KeyParser } from './input/keys.js';
import { Renderer } from './terminal/renderer.js';
import { type Line, span } from './terminal/styled.js';
import { colorsEnabled, Theme } from './terminal/theme.js';
import { truncateToWidth } from './terminal/width.js';
import { formatDuration } from './view/format.js';
import { replayHistory } from './view/history-view.js';
import { statusLine } from './view/status-line.js';
import { Transcript } from './view/transcript.js';

export interface TerminalIO {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export interface AppOptions {
  env?: NodeJS.ProcessEnv;
  /** Sent as the first message once the session is open. */
  prompt?: string;
}

type Mode = 'starting' | 'idle' | 'working' | 'aborting' | 'busy' | 'exiting';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const FRAME_MS = 16;
const SPINNER_MS = 120;
const PROMPT: Line = [span('› ', 'accent')];
const PROMPT_REST: Line = [span('  ')];

/**
 * The interactive terminal UI: reads keys, drives the session, and draws the conversation as it
 * streams. See docs/interactive.md for what the user sees and can do.
 */
export class InteractiveApp {
  readonly transcript: Transcript;
  readonly editor = new Editor();
  private readonly parser = new KeyParser();
  private readonly renderer: Renderer;
  private readonly theme: Theme;
  private sessionValue: SessionLike | undefined;
  private unsubscribe: (() => void) | undefined;
  private mode: Mode = 'starting';
  private busyLabel = '';
  private workingSince = 0;
  private readonly steering: string[] = [];
  private readonly followUps: string[] = [];
  /** Texts already echoed when sent, so their user_input event does not print them again. */
  private readonly echoed: string[] = [];
  private contextTokens: number | undefined;
  private hint: { text: string; style: 'warning' | 'dim' | 'error' } | undefined;
  private exitArmed = false;
  private renderTimer: NodeJS.Timeout | undefined;
  private spinnerTimer: NodeJS.Timeout | undefined;
  private escapeTimer: NodeJS.Timeout | undefined;
  private spinnerFrame = 0;
  private exitCode: number | undefined;
  private resolveDone: ((code: number) => void) | undefined;
  private readonly firstPrompt: string | undefined;
  private readonly cleanups: Array<() => void> = [];

  constructor(
    private readonly host: InteractiveHost,
    private readonly io: TerminalIO,
    options: AppOptions = {},
  ) {
    this.transcript = new Transcript(host.workingDirectory);
    const env = options.env ?? process.env;
    const tty = io.stdout.isTTY === true;
    this.theme = new Theme(colorsEnabled(env, tty));
    this.renderer = new Renderer(io.stdout, this.theme, tty);
    this.firstPrompt = options.prompt?.trim() || undefined;
  }

  get session(): SessionLike {
    if (!this.sessionValue) throw new Error('No session yet.');
    return this.sessionValue;
  }

  get width(): number {
    return Math.max(20, this.io.stdout.columns || 80);
  }

  get height(): number {
    return Math.max(5, this.io.stdout.rows || 24);
  }

  /** The mode, read afresh (TypeScript keeps a narrowed `this.mode` across awaits). */
  private get currentMode(): Mode {
    return this.mode;
  }

  get isWorking(): boolean {
    return this.mode === 'working';
  }

  /** Runs until the user leaves; resolves with the exit code. */
  async run(): Promise<number> {
    const done = new Promise<number>((resolve) => {
      this.resolveDone = resolve;
    });
    this.setUpTerminal();
    try {
      this.welcome();
      const session = await this.host.initialSession((message) => this.transcript.notice(message, 'warning'));
      if (this.currentMode === 'exiting') {
        // Left (Ctrl+C twice, a signal) while the session was opening.
        await session.close().catch(() => {});
        return done;
      }
      this.attach(session);
      this.replay();
      if (this.session.history.length > 0) {
        this.transcript.gap();
        this.transcript.notice(`Continuing session ${this.session.id}.`, 'plain');
      }
      this.mode = 'idle';
      if (this.firstPrompt !== undefined) this.send(this.firstPrompt);
      this.render();
    } catch (error) {
      this.teardownTerminal();
      this.io.stderr.write(`weft: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
    return done;
  }

  // ─── terminal ──────────────────────────────────────────────────────────

  private setUpTerminal(): void {
    const { stdin, stdout } = this.io;
    if (stdin.isTTY) stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    const onData = (data: string): void => this.onInput(data);
    stdin.on('data', onData);
    stdin.resume();
    this.cleanups.push(() => {
      stdin.off('data', onData);
      stdin.pause();
      if (stdin.isTTY) stdin.setRawMode(false);
    });
    // A terminal that went away (SIGHUP) fails writes; exiting cleanly matters more than drawing.
    const onError = (): void => {};
    stdout.on('error', onError);
    this.cleanups.push(() => stdout.off('error', onError));
    if (stdout.isTTY) {
      stdout.write('\x1b[?2004h'); // bracketed paste
      this.cleanups.push(() => stdout.write('\x1b[?2004l'));
      const onResize = (): void => {
        this.renderer.resized(this.width);
        this.render();
      };
      stdout.on('resize', onResize);
      this.cleanups.push(() => stdout.off('resize', onResize));
    }
    const signals: Array<[NodeJS.Signals, number]> = [
      ['SIGINT', 130],
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ];
    for (const [signal, code] of signals) {
      const handler = (): void => void this.exit(code);
      process.on(signal, handler);
      this.cleanups.push(() => process.off(signal, handler));
    }
    const onContinue = (): void => this.resumeTerminal();
    process.on('SIGCONT', onContinue);
    this.cleanups.push(() => process.off('SIGCONT', onContinue));
  }

  private teardownTerminal(): void {
    for (const timer of [this.renderTimer, this.spinnerTimer, this.escapeTimer])
      if (timer) clearTimeout(timer);
    if (this.spinnerTimer) clearInterval(this.spinnerTimer);
    while (this.cleanups.length > 0) this.cleanups.pop()!();
  }

  /** Ctrl+Z: gives the terminal back and stops the process, as a shell's job control expects. */
  private suspend(): void {
    this.renderer.clearLive();
    if (this.io.stdin.isTTY) this.io.stdin.setRawMode(false);
    if (this.io.stdout.isTTY) this.io.stdout.write('\x1b[?2004l');
    process.kill(0, 'SIGTSTP'); // the whole job: wrappers (npx, tsx) stop with it
    // Runs once the process continues (or at once when there is no job control to stop it).
    setImmediate(() => this.resumeTerminal());
  }

  private resumeTerminal(): void {
    if (this.mode === 'exiting') return;
    if (this.io.stdin.isTTY) this.io.stdin.setRawMode(true);
    if (this.io.stdout.isTTY) this.io.stdout.write('\x1b[?2004h');
    this.render();
  }

  // ─── sessions ──────────────────────────────────────────────────────────

  /** Makes `session` the current one (after resume, fork, clear or an abort). */
  attach(session: SessionLike): void {
    this.unsubscribe?.();
    this.sessionValue = session;
    this.unsubscribe = session.onAny((event) => this.onEvent(event));
    this.contextTokens = lastContextTokens(session);
    this.requestRender();
  }

  /** Shows the current session's earlier conversation (a resumed or forked session). */
  replay(): void {
    if (this.session.history.length === 0) return;
    replayHistory(this.transcript, this.session.history, this.host.workingDirectory);
  }

  private welcome(): void {
    this.transcript.lines(
      [
        [span('weft', 'bold'), span(` · ${this.host.workingDirectory}`, 'dim')],
        [span('Enter sends · /help lists keys and commands · Ctrl+C twice exits', 'dim')],
      ],
      [],
      [],
    );
  }

  private onEvent(event: SessionEvent): void {
    this.transcript.apply(event);
    if (event.agentId !== undefined) {
      this.requestRender();
      return;
    }
    switch (event.kind) {
      case 'user_input': {
        const text = event.data.text;
        if (this.echoed[0] === text) this.echoed.shift();
        else if (this.followUps[0] === text) {
          this.followUps.shift();
          this.transcript.gap();
          this.transcript.user(text, 'follow-up');
        } else {
          this.transcript.gap();
          this.transcript.user(text);
        }
        break;
      }
      case 'steering_injected':
        if (event.data.source === 'host') {
          const index = this.steering.indexOf(event.data.text);
          if (index !== -1) this.steering.splice(index, 1);
          this.transcript.user(event.data.text, 'steering');
        } else {
          this.transcript.notice(event.data.text, 'warning');
        }
        break;
      case 'assistant_text_end': {
        const usage = event.data.usage;
        if (usage.totalTokens > 0) this.contextTokens = usage.inputTokens + usage.outputTokens;
        break;
      }
      case 'processing_end':
        this.transcript.settle();
        this.onProcessingEnd(event.data.stopReason);
        break;
      case 'error':
        this.transcript.notice(`Error: ${event.data.message}`, 'error');
        break;
      case 'warning':
        this.transcript.notice(event.data.message, 'warning');
        break;
      case 'retry':
        this.transcript.notice(
          `Retrying in ${formatDuration(event.data.delayMs)} (attempt ${event.data.attempt}): ${event.data.error}`,
          'warning',
        );
        break;
      case 'turn_limit':
        this.transcript.notice(
          `Stopped: the ${event.data.limit.replaceAll('_', ' ')} limit (${event.data.value}) was reached.`,
          'warning',
        );
        break;
      case 'loop_detection':
        break; // its steering message is shown by steering_injected
      case 'compaction_start':
        this.transcript.notice(
          event.data.reason === 'manual'
            ? 'Compacting the conversation…'
            : `Compacting the conversation (${event.data.reason})…`,
        );
        break;
      case 'compaction_end':
        if (event.data.ok) {
          if (event.data.tokensAfter !== undefined) this.contextTokens = event.data.tokensAfter;
          this.transcript.notice(
            `Compacted: ${event.data.replacedTurns ?? 0} turns summarised, about ${event.data.tokensBefore} → ${event.data.tokensAfter ?? '?'} tokens.`,
          );
        } else {
          this.transcript.notice(`Compaction failed: ${event.data.error ?? 'unknown error'}`, 'error');
        }
        break;
      case 'session_end':
        this.transcript.settle();
        if (event.data.reason === 'error') {
          this.transcript.notice(`The session ended: ${event.data.error ?? 'error'}`, 'error');
          void this.reopenAfterFailure();
        }
        break;
      default:
        break;
    }
    this.requestRender();
  }

  private onProcessingEnd(stopReason: string): void {
    if (this.mode !== 'working') return;
    const notes: Record<string, string> = {
      max_turns: 'Stopped: the turn limit was reached.',
      max_tool_rounds: 'Stopped: the tool-round limit for one input was reached.',
      budget: 'Stopped: the budget was reached.',
      context_overflow: 'Stopped: the conversation no longer fits the context window. Try /compact.',
    };
    const note = notes[stopReason];
    if (note) this.transcript.notice(note, 'warning');
    this.setMode('idle');
  }

  // ─── input ─────────────────────────────────────────────────────────────

  /** Raw input from the terminal. */
  onInput(data: string): void {
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = undefined;
    for (const key of this.parser.feed(data)) this.onKey(key);
    if (this.parser.pending) {
      this.escapeTimer = setTimeout(() => {
        this.escapeTimer = undefined;
        for (const key of this.parser.flush()) this.onKey(key);
      }, ESCAPE_TIMEOUT_MS);
    }
  }

  onKey(key: Key): void {
    if (this.mode === 'exiting') return;
    const isCtrlC = key.name === 'char' && key.ctrl === true && key.text === 'c';
    if (!isCtrlC) {
      this.exitArmed = false;
      this.hint = undefined;
    }
    this.handleKey(key);
    this.requestRender();
  }

  private handleKey(key: Key): void {
    const editor = this.editor;
    if (key.name === 'paste') {
      editor.insert(key.text ?? '');
      return;
    }
    if (key.name === 'char') {
      if (key.ctrl) {
        this.ctrlKey(key.text ?? '');
        return;
      }
      if (key.alt) {
        if (key.text === 'b') editor.wordLeft();
        else if (key.text === 'f') editor.wordRight();
        else if (key.text === 'd') editor.deleteWordBefore();
        return;
      }
      editor.insert(key.text ?? '');
      return;
    }
    switch (key.name) {
      case 'enter':
        if (key.ctrl || key.shift) editor.insert('\n');
        else if (key.alt) this.submit('follow-up');
        else this.submit('enter');
        return;
      case 'tab':
        if (key.shift) return;
        if (this.mode === 'working' && !editor.text.startsWith('/')) this.submit('follow-up');
        else this.complete();
        return;
      case 'escape':
        if (this.mode === 'working') void this.abortTurn();
        return;
      case 'backspace':
        if (key.alt || key.ctrl) editor.deleteWordBefore();
        else editor.backspace();
        return;
      case 'delete':
        editor.deleteForward();
        return;
      case 'left':
        if (key.ctrl || key.alt) editor.wordLeft();
        else editor.left();
        return;
      case 'right':
        if (key.ctrl || key.alt) editor.wordRight();
        else editor.right();
        return;
      case 'home':
        editor.lineStart();
        return;
      case 'end':
        editor.lineEnd();
        return;
      case 'up':
        editor.up();
        return;
      case 'down':
        editor.down();
        return;
      default:
        return;
    }
  }

  private ctrlKey(letter: string): void {
    const editor = this.editor;
    const actions: Record<string, () => void> = {
      c: () => this.ctrlC(),
      d: () => {
        if (editor.isEmpty) void this.exit(0);
        else editor.deleteForward();
      },
      a: () => editor.lineStart(),
      e: () => editor.lineEnd(),
      b: () => editor.left(),
      f: () => editor.right(),
      k: () => editor.deleteToLineEnd(),
      u: () => editor.deleteToLineStart(),
      w: () => editor.deleteWordBefore(),
      p: () => editor.up(),
      n: () => editor.down(),
      l: () => this.renderer.clearScreen(),
      z: () => this.suspend(),
    };
    actions[letter]?.();
  }

  /**
   * First Ctrl+C: clears the input and arms the exit, which the status line says; a second Ctrl+C
   * exits. Any other key disarms it. No time window: what the screen says is what happens.
   */
  private ctrlC(): void {
    if (this.exitArmed) {
      void this.exit(0);
      return;
    }
    this.editor.take();
    this.exitArmed = true;
    this.hint = {
      text:
        this.mode === 'working'
          ? 'Press Ctrl+C again to exit · Esc interrupts the turn'
          : 'Press Ctrl+C again to exit',
      style: 'warning',
    };
  }

  private complete(): void {
    const result = completeSlash(this.editor.text);
    if (result.text !== undefined) this.editor.setText(result.text);
  }

  /**
   * Enter (or Alt+Enter / Tab for a follow-up): a slash command runs; otherwise the text is sent
   * (idle), or queued as a steering message or a follow-up (while the agent works). A line ending
   * in a backslash continues on a new line instead.
   */
  private submit(how: 'enter' | 'follow-up'): void {
    const editor = this.editor;
    const text = editor.text;
    if (how === 'enter' && text.endsWith('\\') && editor.cursor === text.length) {
      editor.setText(`${text.slice(0, -1)}\n`);
      return;
    }
    if (text.trim() === '') return;
    const parsed = parseSlash(text);
    if (parsed.type === 'unknown') {
      this.hint = { text: `Unknown command /${parsed.name} — /help lists the commands`, style: 'error' };
      return;
    }
    if (parsed.type === 'command') {
      if (this.mode !== 'idle' && !(this.mode === 'working' && parsed.spec.whileWorking)) {
        this.hint = {
          text:
            this.mode === 'working'
              ? `/${parsed.spec.name} waits for the turn to end (Esc interrupts it)`
              : 'Busy — try again in a moment',
          style: 'warning',
        };
        return;
      }
      editor.remember(text);
      editor.take();
      if (parsed.spec.name !== 'clear' && parsed.spec.name !== 'exit') {
        // The command stays in the conversation, above what it prints.
        this.transcript.gap();
        this.transcript.lines([[span(text.trim(), 'dim')]], [span('› ', 'dim')], PROMPT_REST);
      }
      void this.command(parsed.spec.name, parsed.args);
      return;
    }
    if (this.mode === 'working') {
      editor.remember(text);
      editor.take();
      if (how === 'follow-up') {
        this.followUps.push(text);
        this.session.followUp(text);
      } else {
        this.steering.push(text);
        this.session.steer(text);
      }
      return;
    }
    if (this.mode !== 'idle') {
      this.hint = { text: 'Busy — try again in a moment', style: 'warning' };
      return;
    }
    editor.remember(text);
    editor.take();
    this.send(text);
  }

  /** Sends a prompt to the session (idle). */
  send(text: string): void {
    const session = this.session;
    this.transcript.gap();
    this.transcript.user(text);
    this.echoed.push(text);
    this.setMode('working');
    session.submit(text).catch((error: unknown) => {
      const index = this.echoed.indexOf(text);
      if (index !== -1) this.echoed.splice(index, 1);
      this.transcript.notice(`Error: ${error instanceof Error ? error.message : String(error)}`, 'error');
      if (this.mode === 'working') this.setMode('idle');
      this.requestRender();
    });
  }

  /**
   * Esc: stops the turn. A session's abort closes it, so the conversation continues in a session
   * reopened with the history recorded so far. Queued messages come back into the editor.
   */
  async abortTurn(): Promise<void> {
    if (this.mode !== 'working') return;
    const session = this.session;
    this.setMode('aborting');
    const queued = [...this.steering, ...this.followUps];
    this.steering.length = 0;
    this.followUps.length = 0;
    if (queued.length > 0) {
      const current = this.editor.text;
      this.editor.setText([...queued, ...(current === '' ? [] : [current])].join('\n'));
    }
    try {
      const reopened = await this.host.interrupt(session);
      this.transcript.settle();
      this.transcript.notice('Interrupted.', 'warning');
      if (this.currentMode !== 'aborting') return; // the user left meanwhile
      this.attach(reopened);
    } catch (error) {
      this.transcript.notice(
        `Could not continue the session: ${error instanceof Error ? error.message : String(error)}`,
        'error',
      );
      try {
        this.attach(await this.host.newSession());
        this.transcript.notice('Started a new session.');
      } catch {
        // Nothing left to do; the user can still exit.
      }
    }
    if (this.currentMode === 'aborting') this.setMode('idle');
    this.requestRender();
  }

  /**
   * The session closed itself after a failure it could not recover from (a store that cannot be
   * written, say): the conversation goes on in the session reopened from what was recorded.
   */
  private async reopenAfterFailure(): Promise<void> {
    if (this.mode === 'exiting' || this.mode === 'aborting') return;
    const session = this.session;
    try {
      const reopened = await this.host.interrupt(session);
      if (this.currentMode === 'exiting' || this.sessionValue !== session) return;
      this.attach(reopened);
      this.transcript.notice('The session was reopened; the conversation goes on.');
    } catch (error) {
      this.transcript.notice(
        `The session could not be reopened: ${error instanceof Error ? error.message : String(error)}. /clear starts a new one.`,
        'error',
      );
    }
    if (this.currentMode === 'working') this.setMode('idle');
    this.requestRender();
  }

  private async command(name: string, args: string): Promise<void> {
    const wasWorking = this.mode === 'working';
    try {
      await runCommand(name, args, {
        host: this.host,
        session: this.session,
        transcript: this.transcript,
        isWorking: wasWorking,
        setBusy: (label) => {
          if (this.mode === 'exiting') return;
          if (label === undefined) {
            if (this.mode === 'busy') this.setMode('idle');
          } else if (this.mode === 'idle') {
            this.busyLabel = label;
            this.setMode('busy');
          }
          this.requestRender();
        },
        switchTo: async (session, options) => {
          const previous = this.session;
          if (options.closePrevious) await previous.close().catch(() => {});
          this.attach(session);
          if (options.clearScreen) this.renderer.clearScreen();
          if (options.replay) this.replay();
        },
        exit: () => this.exit(0),
        render: () => this.requestRender(),
      });
    } catch (error) {
      this.transcript.notice(error instanceof Error ? error.message : String(error), 'error');
    }
    this.requestRender();
  }

  /** Leaves: stops the session (aborting a turn in progress), restores the terminal, resolves run(). */
  async exit(code: number): Promise<void> {
    if (this.mode === 'exiting') return;
    const working = this.mode === 'working' || this.mode === 'aborting';
    this.setMode('exiting');
    this.exitCode = code;
    this.hint = undefined;
    const session = this.sessionValue;
    try {
      if (session) await (working ? session.abort() : session.close());
    } catch {
      // Closing is best effort on the way out.
    }
    this.transcript.settle();
    const final = this.transcript.takeFinalRows(this.width);
    this.renderer.frame(final, [], undefined, this.height);
    this.renderer.clearLive();
    if (session && this.host.persistent && session.history.length > 0) {
      this.io.stdout.write(
        `${this.theme.render([span(`Resume this session with: weft --resume ${session.id}`, 'dim')])}\n`,
      );
    }
    this.unsubscribe?.();
    this.teardownTerminal();
    this.resolveDone?.(this.exitCode);
  }

  private setMode(mode: Mode): void {
    if (this.mode === 'exiting') return;
    this.mode = mode;
    if (mode === 'working' || mode === 'aborting' || mode === 'busy') {
      if (mode === 'working') this.workingSince = Date.now();
      if (!this.spinnerTimer) {
        this.spinnerTimer = setInterval(() => {
          this.spinnerFrame = (this.spinnerFrame + 1) % SPINNER.length;
          this.requestRender();
        }, SPINNER_MS);
        this.spinnerTimer.unref();
      }
    } else if (this.spinnerTimer) {
      clearInterval(this.spinnerTimer);
      this.spinnerTimer = undefined;
    }
    this.requestRender();
  }

  // ─── drawing ───────────────────────────────────────────────────────────

  requestRender(): void {
    if (this.renderTimer || this.mode === 'exiting') return;
    this.renderTimer = setTimeout(() => {
      this.renderTimer = undefined;
      this.render();
    }, FRAME_MS);
  }

  render(): void {
    if (this.mode === 'exiting' || (this.mode === 'starting' && !this.sessionValue)) {
      // Before the session is there (and after exit) only finished rows are written.
      const final = this.transcript.takeFinalRows(this.width);
      if (final.length > 0 && this.mode !== 'exiting') this.renderer.frame(final, [], undefined, this.height);
      return;
    }
    const width = this.width;
    const final = this.transcript.takeFinalRows(width);
    const { live, cursor } = this.liveArea(width);
    this.renderer.frame(final, live, cursor, this.height);
  }

  /** The live area: what is being written, queued messages, activity, the editor and the status line. */
  liveArea(width: number): { live: Line[]; cursor: { row: number; column: number } } {
    const live: Line[] = [...this.transcript.liveRows(width)];
    for (const text of this.steering) live.push(queuedRow('steer', text, width));
    for (const text of this.followUps) live.push(queuedRow('follow-up', text, width));
    const activity = this.activityRow(width);
    if (activity) live.push(activity);
    live.push([span('─'.repeat(width), 'dim')]);
    const layout = this.editor.layout(width, 2);
    // A long input shows the rows around the cursor; the rest of the live area keeps its place.
    const room = Math.max(1, this.height - 6);
    const first = Math.max(0, Math.min(layout.cursorRow - room + 1, layout.rows.length - room));
    const editorTop = live.length;
    layout.rows.slice(first, first + room).forEach((row, index) => {
      live.push([...(index + first === 0 ? PROMPT : PROMPT_REST), span(row)]);
    });
    const menu = this.menuRows(width);
    live.push(...menu);
    live.push(this.statusRow(width));
    return {
      live,
      cursor: { row: editorTop + layout.cursorRow - first, column: 2 + layout.cursorColumn },
    };
  }

  private activityRow(width: number): Line | undefined {
    const spinner = SPINNER[this.spinnerFrame]!;
    let text: string | undefined;
    if (this.mode === 'working') {
      const elapsed = formatDuration(Date.now() - this.workingSince);
      text = `${spinner} Working ${elapsed} · Esc interrupts · Enter steers · Tab queues a follow-up`;
    } else if (this.mode === 'aborting') text = `${spinner} Interrupting…`;
    else if (this.mode === 'busy') text = `${spinner} ${this.busyLabel}`;
    return text === undefined ? undefined : [span(truncateToWidth(text, width), 'statusWorking')];
  }

  private menuRows(width: number): Line[] {
    const text = this.editor.text;
    if (!/^\/\S*$/.test(text)) return [];
    const typed = text.slice(1).toLowerCase();
    return COMMANDS.filter((spec) => spec.name.startsWith(typed)).map((spec) => [
      span(truncateToWidth(`  /${spec.name.padEnd(9)} ${spec.summary}`, width), 'dim'),
    ]);
  }

  private statusRow(width: number): Line {
    if (this.hint) return [span(truncateToWidth(this.hint.text, width), this.hint.style)];
    const session = this.session;
    const window = session.profile.capabilities.contextWindow;
    const spend = this.host.spend();
    return statusLine(
      {
        provider: session.provider,
        model: session.model,
        effort: session.reasoningEffort,
        tokens: spend.tokens,
        contextFraction:
          this.contextTokens === undefined || !(window > 0) ? undefined : this.contextTokens / window,
        costUsd: spend.costUsd,
      },
      width,
    );
  }
}

function queuedRow(kind: string, text: string, width: number): Line {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ');
  return [span(truncateToWidth(`  ⤷ ${kind}: ${flat}`, width), 'dim')];
}

/** Tokens of the context at the session's last model call, from its last assistant turn. */
function lastContextTokens(session: SessionLike): number | undefined {
  for (let index = session.history.length - 1; index >= 0; index--) {
    const turn = session.history[index]!;
    if (turn.type === 'summary') return undefined;
    if (turn.type === 'assistant' && turn.usage.totalTokens > 0)
      return turn.usage.inputTokens + turn.usage.outputTokens;
  }
  return undefined;
}
