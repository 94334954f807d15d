import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScriptedTurn } from '@weft/testkit';
import { afterEach, describe, expect, it as vitestIt } from 'vitest';
import {
  binaryBuilt,
  type InteractiveRun,
  type Launcher,
  rows,
  startInteractive,
} from './testing/pty-fixture.js';
import { tmuxAvailable } from './testing/tmux-terminal.js';

// The interactive mode in a real pseudo-terminal (tmux), against the fake model server. Screens
// are read by polling with a generous timeout; nothing here depends on how fast the machine is:
// where a turn must still be running when keys arrive, it waits on a file the test creates, or on
// a stream stalled far longer than any test.

// The built `weft` command (turbo builds it before the tests); before a build, or with
// WEFT_INTERACTIVE_LAUNCHER=harness, runInteractive on the runtime from source.
const LAUNCHERS: Launcher[] =
  process.env.WEFT_INTERACTIVE_LAUNCHER === 'harness' || !binaryBuilt() ? ['harness'] : ['binary'];

/** A Bash call that prints "waiting" and blocks until the test creates `file` in the project folder. */
function gatedBash(file: string): ScriptedTurn {
  return {
    content: [
      {
        type: 'tool_call',
        name: 'Bash',
        arguments: {
          command: `echo waiting; while [ ! -f ${file} ]; do sleep 0.05; done; echo released`,
          description: 'wait for the test',
        },
      },
    ],
  };
}

/** An SGR (colour or style) sequence. */
const SGR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`);

const text = (value: string): ScriptedTurn => ({ content: [{ type: 'text', text: value }] });

/** Per test: generous, for a machine busy with other work (each screen wait has its own timeout). */
const TIMEOUT_MS = 120_000;
const it = (name: string, test: () => Promise<void>) => vitestIt(name, test, TIMEOUT_MS);

describe.skipIf(!tmuxAvailable()).each(LAUNCHERS)(
  'interactive mode in a pseudo-terminal (%s)',
  (launcher) => {
    let run: InteractiveRun | undefined;

    afterEach(async () => {
      await run?.close();
      run = undefined;
    });

    it('starts with the status line, streams an answer with its reasoning, and counts tokens', async () => {
      run = await startInteractive({
        launcher,
        turns: [
          {
            content: [
              { type: 'reasoning', text: 'The user greets me; greet back.', chunks: 5 },
              { type: 'text', text: 'Hello from the fake model, streamed in pieces.', chunks: 4 },
            ],
            usage: { input: 1200, output: 40 },
          },
        ],
      });
      expect(run.term.screen()).toContain(
        'anthropic/claude-sonnet-5-5 · effort default · 0 tokens · context –',
      );
      run.term.type('say hello');
      run.term.keys('Enter');
      const screen = await run.term.waitFor('Hello from the fake model, streamed in pieces.');
      expect(screen).toContain('› say hello');
      expect(screen).toContain('∴ The user greets me; greet back.');
      expect(screen).toMatch(/● Hello from the fake model/);
      await run.term.waitFor(/anthropic\/claude-sonnet-5-5 · effort default · 1\.2k tokens · context <1%/);
      expect(run.server.requests[0]?.view.messages.at(-1)?.text).toBe('say hello');
    });

    it('sends the task given on the command line as the first message', async () => {
      run = await startInteractive({ launcher, args: ['say hello first'], turns: [text('Hello first.')] });
      await run.term.waitFor('Hello first.');
      expect(run.server.requests[0]?.view.messages.at(-1)?.text).toBe('say hello first');
    });

    it('shows the answer while it is still streaming', async () => {
      run = await startInteractive({
        launcher,
        turns: [
          {
            content: [
              {
                type: 'text',
                text: 'First part arrives now. The rest comes much later.',
                chunks: ['First part arrives now.', ' The rest comes much later.'],
              },
            ],
            // The stream stops after the first piece for far longer than the test takes.
            faults: { stall: { afterFrames: 4, ms: 600_000 } },
          },
        ],
      });
      run.term.type('go');
      run.term.keys('Enter');
      const screen = await run.term.waitFor('First part arrives now.');
      expect(screen).not.toContain('The rest comes much later.');
      expect(screen).toMatch(/Working .* Esc interrupts/);
    });

    it('shows a tool call with its arguments and output, and an edit as a diff', async () => {
      run = await startInteractive({
        launcher,
        turns: (project) => [
          {
            content: [
              {
                type: 'tool_call',
                name: 'Bash',
                arguments: { command: 'echo hello-from-tool', description: 'greet' },
              },
            ],
          },
          {
            content: [
              {
                type: 'tool_call',
                name: 'Edit',
                arguments: {
                  file_path: join(project, 'notes.txt'),
                  old_string: 'old line',
                  new_string: 'new line',
                },
              },
            ],
          },
          text('Both done.'),
        ],
      });
      writeFileSync(run.project.join('notes.txt'), 'first\nold line\nlast\n');
      run.term.type('do it');
      run.term.keys('Enter');
      const screen = await run.term.waitFor('Both done.');
      expect(screen).toContain('Bash(echo hello-from-tool, description: "greet")');
      expect(screen).toMatch(/└ hello-from-tool/);
      expect(screen).toContain('● Edit(notes.txt, old_string: "old line", new_string: "new line")');
      expect(screen).toContain('--- a/notes.txt');
      expect(screen).toMatch(/-old line/);
      expect(screen).toMatch(/\+new line/);
      expect(readFileSync(run.project.join('notes.txt'), 'utf8')).toBe('first\nnew line\nlast\n');
    });

    it('shows a running tool live, queues a steering message typed meanwhile, and sends it with the next request', async () => {
      run = await startInteractive({
        launcher,
        turns: [gatedBash('release'), text('Steered: checking the README too.')],
      });
      run.term.type('start the job');
      run.term.keys('Enter');
      await run.term.waitFor(/○ Bash\(echo waiting;[\s\S]*│ waiting/);
      run.term.type('please also check the README');
      run.term.keys('Enter');
      await run.term.waitFor('⤷ steer: please also check the README');
      writeFileSync(run.project.join('release'), '');
      const screen = await run.term.waitFor('Steered: checking the README too.');
      expect(screen).toContain('› please also check the README (steering)');
      expect(screen).not.toContain('⤷ steer:');
      const second = run.server.requests[1]!.view.messages;
      const user = second.filter((message) => message.role === 'user').map((message) => message.text);
      expect(user.join('\n')).toContain('please also check the README');
      expect(
        second.some((message) => message.toolResults.some((result) => result.content.includes('released'))),
      ).toBe(true);
    });

    it('queues a follow-up with Tab, run after the turn', async () => {
      run = await startInteractive({
        launcher,
        turns: [gatedBash('release'), text('Job finished.'), text('Follow-up answered.')],
      });
      run.term.type('start the job');
      run.term.keys('Enter');
      await run.term.waitFor('│ waiting');
      run.term.type('then summarise');
      run.term.keys('Tab');
      await run.term.waitFor('⤷ follow-up: then summarise');
      writeFileSync(run.project.join('release'), '');
      const screen = await run.term.waitFor('Follow-up answered.');
      expect(screen).toContain('› then summarise (follow-up)');
      expect(run.server.requests[2]!.view.messages.at(-1)?.text).toBe('then summarise');
    });

    it('aborts the turn on Esc and continues the conversation afterwards', async () => {
      run = await startInteractive({
        launcher,
        turns: [
          {
            content: [
              {
                type: 'text',
                text: 'Partial answer. Never finished.',
                chunks: ['Partial answer.', ' Never finished.'],
              },
            ],
            faults: { stall: { afterFrames: 4, ms: 600_000 } },
          },
          text('Back again.'),
        ],
      });
      run.term.type('long task');
      run.term.keys('Enter');
      await run.term.waitFor('Partial answer.');
      run.term.keys('Escape');
      const screen = await run.term.waitFor('Interrupted.');
      expect(screen).not.toContain('Working');
      run.term.type('are you there?');
      run.term.keys('Enter');
      await run.term.waitFor('Back again.');
      // The reopened session carries the conversation so far (the aborted answer was not recorded,
      // so the two user texts arrive together).
      const messages = run.server.requests[1]!.view.messages;
      expect(messages.map((message) => message.text).join('\n')).toContain('long task');
      expect(messages.at(-1)?.text).toMatch(/are you there\?$/);
    });

    it('kills a running command on Esc', async () => {
      run = await startInteractive({ launcher, turns: [gatedBash('never'), text('unused')] });
      run.term.type('run it');
      run.term.keys('Enter');
      await run.term.waitFor('│ waiting');
      run.term.keys('Escape');
      await run.term.waitFor('Interrupted.');
      await run.term.waitFor(/● Bash\(echo waiting;/);
      expect(existsSync(run.project.join('never'))).toBe(false);
    });

    it('clears the input on the first Ctrl+C and exits on the second', async () => {
      run = await startInteractive({ launcher, turns: [text('Noted.')] });
      run.term.type('hello');
      run.term.keys('Enter');
      await run.term.waitFor('● Noted.');
      run.term.type('half-typed text');
      await run.term.waitFor('› half-typed text');
      run.term.keys('C-c');
      const armed = await run.term.waitFor('Press Ctrl+C again to exit');
      expect(armed).not.toContain('half-typed text');
      run.term.keys('C-c');
      expect(await run.term.waitForExit()).toBe(0);
      expect(run.term.screen()).toMatch(/Resume this session with: weft --resume [0-9a-f-]{36}/);
    });

    it('runs slash commands: /help, /effort, /cost, unknown commands', async () => {
      run = await startInteractive({ launcher, turns: [text('ok')] });
      run.term.type('/help');
      run.term.keys('Enter');
      await run.term.waitFor('/compact');
      run.term.type('/effort high');
      run.term.keys('Enter');
      await run.term.waitFor('Reasoning effort set to high.');
      await run.term.waitFor('effort high · 0 tokens');
      run.term.type('/bogus');
      run.term.keys('Enter');
      await run.term.waitFor('Unknown command /bogus');
      run.term.keys('C-u');
      run.term.type('/exit');
      run.term.keys('Enter');
      expect(await run.term.waitForExit()).toBe(0);
    });

    it('wraps long answers at word boundaries in 80 columns', async () => {
      const words = Array.from({ length: 60 }, (_, index) => `word${index}`);
      run = await startInteractive({ launcher, turns: [text(words.join(' '))] });
      run.term.type('long');
      run.term.keys('Enter');
      const screen = await run.term.waitFor('word59');
      const answer = rows(screen).filter((row) => /word\d/.test(row));
      expect(answer.length).toBeGreaterThan(2);
      const seen = answer.flatMap((row) => row.trim().replace(/^● /, '').split(' '));
      expect(seen).toEqual(words);
      for (const row of rows(screen)) expect([...row].length).toBeLessThanOrEqual(80);
    });

    it('uses colour on a terminal and none with NO_COLOR', async () => {
      run = await startInteractive({ launcher, turns: [text('Coloured?')] });
      run.term.type('hi');
      run.term.keys('Enter');
      await run.term.waitFor('Coloured?');
      expect(run.term.screenWithEscapes()).toMatch(SGR);
      await run.close();
      run = await startInteractive({ launcher, turns: [text('Plain.')], env: { NO_COLOR: '1' } });
      run.term.type('hi');
      run.term.keys('Enter');
      await run.term.waitFor('Plain.');
      expect(run.term.screenWithEscapes()).not.toMatch(SGR);
    });
  },
);
