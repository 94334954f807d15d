import { describe, expect, it } from 'vitest';
import { Renderer } from './renderer.js';
import type { Line } from './styled.js';
import { Theme } from './theme.js';

const lines = (...texts: string[]): Line[] => texts.map((text) => [{ text }]);

function setUp(interactive = true): { renderer: Renderer; written: string[] } {
  const written: string[] = [];
  const renderer = new Renderer({ write: (text) => written.push(text) }, new Theme(false), interactive);
  return { renderer, written };
}

const strip = (text: string): string => text.replace('\x1b[?2026h', '').replace('\x1b[?2026l', '');

describe('Renderer', () => {
  it('writes finished rows above the live area and leaves the cursor where asked', () => {
    const { renderer, written } = setUp();
    renderer.frame(lines('done 1', 'done 2'), lines('live', '› input', 'status'), { row: 1, column: 4 }, 24);
    expect(strip(written[0]!)).toBe(
      '\x1b[?25l\r\x1b[Jdone 1\r\ndone 2\r\nlive\r\n› input\r\nstatus\x1b[1A\r\x1b[4C\x1b[?25h',
    );
  });

  it('goes back to the top of the live area before the next frame', () => {
    const { renderer, written } = setUp();
    renderer.frame([], lines('a', 'b', 'c'), { row: 1, column: 0 }, 24);
    renderer.frame(lines('new'), lines('x'), undefined, 24);
    expect(strip(written[1]!)).toBe('\x1b[?25l\r\x1b[1A\x1b[Jnew\r\nx');
  });

  it('keeps the last rows of a live area taller than the screen', () => {
    const { renderer, written } = setUp();
    renderer.frame([], lines('1', '2', '3', '4', '5', '6'), { row: 5, column: 0 }, 4);
    expect(strip(written[0]!)).toBe('\x1b[?25l\r\x1b[J4\r\n5\r\n6\r\x1b[?25h');
  });

  it('counts rows a reflowing terminal made of the live area after a resize', () => {
    const { renderer, written } = setUp();
    renderer.frame([], lines('x'.repeat(80), 'y'.repeat(80), 'prompt'), { row: 2, column: 3 }, 24);
    renderer.resized(40);
    renderer.frame([], lines('z'), undefined, 24);
    expect(strip(written[1]!)).toContain('\r\x1b[4A\x1b[J');
  });

  it('writes only finished rows, as plain lines, without a terminal', () => {
    const { renderer, written } = setUp(false);
    renderer.frame(lines('one', 'two'), lines('live'), { row: 0, column: 0 }, 24);
    expect(written).toEqual(['one\ntwo\n']);
  });
});
