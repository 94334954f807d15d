import { describe, expect, test } from 'vitest';
import { parseCliArgs } from './parse-args.js';
import { UsageError } from './usage-error.js';

describe('parseCliArgs', () => {
  test('a bare task leaves the mode to the terminal; -p makes it print mode', () => {
    expect(parseCliArgs(['fix', 'the', 'bug'])).toMatchObject({
      command: 'run',
      mode: undefined,
      task: 'fix the bug',
    });
    expect(parseCliArgs(['-p', 'fix the bug'])).toMatchObject({
      mode: 'print',
      task: 'fix the bug',
      output: undefined,
    });
  });

  test('--output implies print mode and is refused with rpc and interactive', () => {
    expect(parseCliArgs(['--output', 'stream-json', 'x'])).toMatchObject({
      mode: 'print',
      output: 'stream-json',
    });
    expect(() => parseCliArgs(['--mode', 'rpc', '--output', 'json'])).toThrow(
      new UsageError('--output is for print mode; --mode rpc has its own output.'),
    );
    expect(() => parseCliArgs(['--mode', 'interactive', '-p'])).toThrow(UsageError);
  });

  test('values are checked: efforts, presets, numbers', () => {
    expect(
      parseCliArgs([
        '--effort',
        'xhigh',
        '--tools',
        'readonly',
        '--max-turns',
        '12',
        '--max-cost-usd',
        '0.25',
      ]),
    ).toMatchObject({
      effort: 'xhigh',
      tools: 'readonly',
      maxTurns: 12,
      maxCostUsd: 0.25,
    });
    expect(() => parseCliArgs(['--max-cost-usd', 'lots'])).toThrow(
      '--max-cost-usd must be a number above 0 (got "lots").',
    );
    expect(() => parseCliArgs(['--max-turns', '1.5'])).toThrow(/whole number/);
    expect(() => parseCliArgs(['--model', ' '])).toThrow('--model needs a value.');
  });

  test('--allowed-tools takes commas and repeats', () => {
    expect(parseCliArgs(['--allowed-tools', 'Read, Grep', '--allowed-tools', 'Bash']).allowedTools).toEqual([
      'Read',
      'Grep',
      'Bash',
    ]);
  });

  test('session starts are exclusive, and none works with --no-session', () => {
    expect(parseCliArgs(['-c']).session).toEqual({ kind: 'continue' });
    expect(parseCliArgs(['-r', 'abc']).session).toEqual({ kind: 'resume', id: 'abc' });
    expect(parseCliArgs(['--fork', 'abc']).session).toEqual({ kind: 'fork', id: 'abc' });
    expect(parseCliArgs([]).session).toEqual({ kind: 'new' });
    expect(() => parseCliArgs(['-c', '--fork', 'x'])).toThrow(/Choose one of/);
    expect(() => parseCliArgs(['--resume', 'x', '--no-session'])).toThrow(
      '--resume needs the saved sessions; it cannot be combined with --no-session.',
    );
  });

  test('"sessions" alone is the listing command; with -p it is a task', () => {
    expect(parseCliArgs(['sessions', '--all'])).toMatchObject({
      command: 'sessions',
      all: true,
      task: undefined,
    });
    expect(parseCliArgs(['sessions', '--output', 'json'])).toMatchObject({
      command: 'sessions',
      output: 'json',
    });
    expect(parseCliArgs(['-p', 'sessions'])).toMatchObject({ command: 'run', task: 'sessions' });
  });

  test('--help and --version anywhere', () => {
    expect(parseCliArgs(['-p', 'x', '--help']).command).toBe('help');
    expect(parseCliArgs(['-v']).command).toBe('version');
  });

  test('unknown options are usage errors without node’s hint about positionals', () => {
    expect(() => parseCliArgs(['--yolo'])).toThrow(new UsageError("Unknown option '--yolo'."));
  });
});
