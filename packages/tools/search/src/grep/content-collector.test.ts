import { describe, expect, it } from 'vitest';
import type { RgRecord } from '../ripgrep/rg-json.js';
import { ContentCollector } from './content-collector.js';

const begin = (path: string): RgRecord => ({ kind: 'begin', path });
const end = (path: string, binary = false): RgRecord => ({ kind: 'end', path, binary });
const match = (path: string, lineNumber: number, text = `match ${lineNumber}`): RgRecord => ({
  kind: 'line',
  path,
  isMatch: true,
  lineNumber,
  text,
});
const context = (path: string, lineNumber: number, text = `context ${lineNumber}`): RgRecord => ({
  kind: 'line',
  path,
  isMatch: false,
  lineNumber,
  text,
});

/** Feeds records until the collector says stop; returns how many it took. */
function feed(collector: ContentCollector, records: RgRecord[]): number {
  for (const [index, record] of records.entries()) {
    if (collector.accept(record) === 'stop') return index + 1;
  }
  return records.length;
}

const shape = (collector: ContentCollector) =>
  collector.collected().map((file) => ({
    path: file.rgPath,
    lines: file.lines.map((line) => `${line.isMatch ? ':' : '-'}${line.lineNumber}`),
  }));

describe('ContentCollector', () => {
  it('groups matching and context lines by file in line order', () => {
    const collector = new ContentCollector(100, 1, 500);
    feed(collector, [
      begin('a'),
      context('a', 1),
      match('a', 2),
      context('a', 3),
      end('a'),
      begin('b'),
      match('b', 5),
      end('b'),
      { kind: 'summary' },
    ]);
    expect(shape(collector)).toEqual([
      { path: 'a', lines: ['-1', ':2', '-3'] },
      { path: 'b', lines: [':5'] },
    ]);
    expect(collector.matchCount).toBe(2);
    expect(collector.limitReached).toBe(false);
  });

  it('does not report the limit as reached when there are exactly as many matches as the limit', () => {
    const collector = new ContentCollector(2, 0, 500);
    const records = [begin('a'), match('a', 1), match('a', 2), end('a'), { kind: 'summary' } as RgRecord];
    expect(feed(collector, records)).toBe(records.length);
    expect(collector.limitReached).toBe(false);
  });

  it('stops at the first match past the limit and reports the limit as reached', () => {
    const collector = new ContentCollector(2, 0, 500);
    const records = [begin('a'), match('a', 1), match('a', 2), match('a', 3), match('a', 4)];
    expect(feed(collector, records)).toBe(4);
    expect(collector.matchCount).toBe(2);
    expect(collector.limitReached).toBe(true);
  });

  it('stops when another file begins after the limit is full', () => {
    const collector = new ContentCollector(1, 0, 500);
    const records = [begin('a'), match('a', 1), end('a'), begin('b'), match('b', 1)];
    expect(feed(collector, records)).toBe(4);
    expect(shape(collector)).toEqual([{ path: 'a', lines: [':1'] }]);
    expect(collector.limitReached).toBe(true);
  });

  it('keeps the after-context of the last kept match, then stops', () => {
    const collector = new ContentCollector(1, 2, 500);
    const records = [
      begin('a'),
      context('a', 1),
      match('a', 2),
      context('a', 3),
      context('a', 4),
      context('a', 9),
      match('a', 10),
    ];
    expect(feed(collector, records)).toBe(6);
    expect(shape(collector)).toEqual([{ path: 'a', lines: ['-1', ':2', '-3', '-4'] }]);
    expect(collector.limitReached).toBe(true);
  });

  it('shows a later match inside the last match’s after-context as a context line', () => {
    const collector = new ContentCollector(1, 2, 500);
    const records = [
      begin('a'),
      match('a', 1),
      match('a', 2),
      context('a', 3),
      context('a', 4),
      match('a', 5),
    ];
    expect(feed(collector, records)).toBe(4);
    expect(shape(collector)).toEqual([{ path: 'a', lines: [':1', '-2', '-3'] }]);
    expect(collector.matchCount).toBe(1);
    expect(collector.limitReached).toBe(true);
  });

  it('drops the before-context of a match past the limit', () => {
    const collector = new ContentCollector(1, 0, 500);
    const records = [begin('a'), match('a', 1), context('a', 7), match('a', 8)];
    expect(feed(collector, records)).toBe(3);
    expect(shape(collector)).toEqual([{ path: 'a', lines: [':1'] }]);
    expect(collector.limitReached).toBe(true);
  });

  it('cuts long lines to the maximum length and says so', () => {
    const collector = new ContentCollector(10, 0, 500);
    feed(collector, [begin('a'), match('a', 1, `${'x'.repeat(600)}`), match('a', 2, 'short')]);
    const [file] = collector.collected();
    expect(file?.lines[0]?.text).toBe(`${'x'.repeat(500)}... [truncated]`);
    expect(file?.lines[0]?.truncated).toBe(true);
    expect(file?.lines[1]).toEqual({ lineNumber: 2, text: 'short', isMatch: true, truncated: false });
    expect(collector.linesTruncated).toBe(true);
  });

  it('marks a file binary when a line holds a NUL byte or its end event says so', () => {
    const collector = new ContentCollector(10, 0, 500);
    feed(collector, [begin('a'), match('a', 1, 'x\0y'), end('a'), begin('b'), match('b', 1), end('b', true)]);
    expect(collector.collected().map((f) => [f.rgPath, f.binary])).toEqual([
      ['a', true],
      ['b', true],
    ]);
  });
});
