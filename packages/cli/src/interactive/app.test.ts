import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { InteractiveApp, type TerminalIO } from './app.js';
import { lineText } from './terminal/styled.js';
import { event, textEnd } from './testing/events.js';
import { FakeHost, type FakeSession } from './testing/fakes.js';

class FakeStdin extends EventEmitter {
  isTTY = true;
  rawMode = false;
  setRawMode(mode: boolean): this {
    this.rawMode = mode;
    return this;
  }
  setEncoding(): this {
    return this;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
}

class FakeStdout extends EventEmitter {
  isTTY = true;
  columns = 80;
  rows = 24;
  written = '';
  write(text: string): boolean {
    this.written += text;
    return true;
  }
}

/** An SGR (colour or style) sequence. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

const tick = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

interface Setup {
  app: InteractiveApp;
  host: FakeHost;
  session: () => FakeSession;
  stdin: FakeStdin;
  stdout: FakeStdout;
  exit: Promise<number>;
  live: () => string[];
}

async function start(env: NodeJS.ProcessEnv = {}, prompt?: string): Promise<Setup> {
  const host = new FakeHost();
  const stdin = new FakeStdin();
  const stdout = new FakeStdout();
  const io = { stdin, stdout, stderr: stdout } as unknown as TerminalIO;
  const app = new InteractiveApp(host, io, { env, ...(prompt ? { prompt } : {}) });
  const exit = app.run();
  await tick();
  return {
    app,
    host,
    session: () => host.current,
    stdin,
    stdout,
    exit,
    live: () => app.liveArea(80).live.map(lineText),
  };
}

let running: Setup | undefined;

afterEach(async () => {
  if (running?.stdin.rawMode) {
    running.app.onInput('\x03\x03');
    await running.exit;
  }
  running = undefined;
});

describe('InteractiveApp', () => {
  it('puts the terminal in raw mode with bracketed paste, and restores it on exit', async () => {
    running = await start();
    expect(running.stdin.rawMode).toBe(true);
    expect(running.stdout.written).toContain('\x1b[?2004h');
    running.app.onInput('\x04'); // Ctrl+D on an empty input
    expect(await running.exit).toBe(0);
    expect(running.stdin.rawMode).toBe(false);
    expect(running.stdout.written).toContain('\x1b[?2004l');
    expect(running.session().calls).toEqual(['close']);
  });

  it('sends a prompt on Enter, then queues Enter as steering and Alt+Enter or Tab as follow-ups', async () => {
    running = await start();
    const { app } = running;
    app.onInput('fix the bug\r');
    expect(running.session().calls).toEqual(['submit:fix the bug']);
    expect(app.isWorking).toBe(true);
    app.onInput('use the new API\r');
    app.onInput('then run the tests\x1b\r');
    app.onInput('and lint\t');
    expect(running.session().calls).toEqual([
      'submit:fix the bug',
      'steer:use the new API',
      'followUp:then run the tests',
      'followUp:and lint',
    ]);
    expect(running.live()).toEqual(
      expect.arrayContaining([
        '  ⤷ steer: use the new API',
        '  ⤷ follow-up: then run the tests',
        '  ⤷ follow-up: and lint',
      ]),
    );
    running
      .session()
      .emit(event('steering_injected', { turnId: 's', text: 'use the new API', source: 'host' }));
    expect(running.live()).not.toContain('  ⤷ steer: use the new API');
    running.session().endInput();
    expect(app.isWorking).toBe(false);
  });

  it('interrupts on Esc: the host reopens the session and queued messages return to the editor', async () => {
    running = await start();
    const { app, host } = running;
    const first = running.session();
    app.onInput('long task\r');
    app.onInput('steer me\r');
    app.onInput('draft');
    app.onInput('\x1b');
    await new Promise((resolve) => setTimeout(resolve, 60)); // the lone-ESC wait
    await tick();
    expect(host.calls).toEqual(['interrupt:session-1']);
    expect(first.calls).toContain('abort');
    expect(app.isWorking).toBe(false);
    expect(app.editor.text).toBe('steer me\ndraft');
    expect(running.session()).not.toBe(first);
  });

  it('clears the input on the first Ctrl+C and exits on the second', async () => {
    running = await start();
    running.app.onInput('some text');
    running.app.onInput('\x03');
    expect(running.app.editor.text).toBe('');
    expect(running.live().at(-1)).toBe('Press Ctrl+C again to exit');
    running.app.onInput('\x03');
    expect(await running.exit).toBe(0);
  });

  it('forgets the first Ctrl+C once another key is pressed', async () => {
    running = await start();
    running.app.onInput('\x03');
    running.app.onInput('x');
    running.app.onInput('\x03');
    expect(running.live().at(-1)).toBe('Press Ctrl+C again to exit');
    expect(running.stdin.rawMode).toBe(true);
  });

  it('aborts the turn when exiting while the agent works', async () => {
    running = await start();
    running.app.onInput('work\r');
    running.app.onInput('\x03\x03');
    expect(await running.exit).toBe(0);
    expect(running.session().calls).toContain('abort');
  });

  it('continues a line ending in a backslash, and inserts a newline on Ctrl+J', async () => {
    running = await start();
    running.app.onInput('first \\\r');
    running.app.onInput('second\nthird');
    expect(running.app.editor.text).toBe('first \nsecond\nthird');
    expect(running.session().calls).toEqual([]);
  });

  it('inserts a bracketed paste as text, newlines included, without sending it', async () => {
    running = await start();
    running.app.onInput('\x1b[200~line 1\r\nline 2\x1b[201~');
    expect(running.app.editor.text).toBe('line 1\nline 2');
    expect(running.session().calls).toEqual([]);
  });

  it('runs commands marked for it while working and refuses the others until the turn ends', async () => {
    running = await start();
    running.app.onInput('work\r');
    running.app.onInput('/effort low\r');
    await tick();
    expect(running.host.calls).toEqual(['effort:low']);
    running.app.onInput('/clear\r');
    expect(running.live().at(-1)).toBe('/clear waits for the turn to end (Esc interrupts it)');
    expect(running.app.editor.text).toBe('/clear');
  });

  it('completes a command name with Tab and lists the matches while typing one', async () => {
    running = await start();
    running.app.onInput('/c');
    expect(running.live()).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^ {2}\/compact/),
        expect.stringMatching(/^ {2}\/clear/),
      ]),
    );
    running.app.onInput('om\t');
    expect(running.app.editor.text).toBe('/compact ');
  });

  it('streams answers into the transcript and shows the context fill from the usage', async () => {
    running = await start();
    running.app.onInput('hi\r');
    running.session().emit(event('assistant_text_delta', { delta: 'Hello there.' }));
    running.session().emit(textEnd('Hello there.'));
    running.session().endInput();
    running.app.render();
    expect(running.stdout.written.replace(new RegExp(SGR.source, 'g'), '')).toContain('● Hello there.');
    expect(running.live().at(-1)).toContain('context <1%');
  });

  it('reopens the session when it closed itself after a failure', async () => {
    running = await start();
    const first = running.session();
    running.app.onInput('hi\r');
    first.emit(event('session_end', { state: 'CLOSED', reason: 'error', error: 'disk full' }));
    await tick();
    expect(running.host.calls).toEqual(['interrupt:session-1']);
    expect(running.session()).not.toBe(first);
    expect(running.app.isWorking).toBe(false);
  });

  it('shows the rows of a long input around the cursor and keeps the status line', async () => {
    running = await start();
    running.app.onInput(Array.from({ length: 40 }, (_, index) => `line ${index}`).join('\n'));
    const { live, cursor } = running.app.liveArea(80);
    expect(live.length).toBeLessThanOrEqual(24);
    expect(lineText(live[cursor.row]!)).toBe('  line 39');
    expect(lineText(live.at(-1)!)).toContain('effort default');
  });

  it('sends the task given on the command line as the first message', async () => {
    running = await start({}, 'explain this repository');
    expect(running.session().calls).toEqual(['submit:explain this repository']);
    expect(running.app.isWorking).toBe(true);
  });

  it('writes no colour with NO_COLOR', async () => {
    running = await start({ NO_COLOR: '1' });
    running.app.onInput('hi\r');
    running.app.render();
    expect(running.stdout.written).not.toMatch(SGR);
  });
});
