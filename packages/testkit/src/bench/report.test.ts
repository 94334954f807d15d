import { describe, expect, it } from 'vitest';
import { median, reportAbsolute, reportComparison } from './report.js';

describe('benchmark reports', () => {
  it('prints our figure beside the baseline with their ratio and whether the target was met', () => {
    const lines: string[] = [];
    const met = reportComparison(
      { name: 'grep', ours: 130, baseline: 100, baselineName: 'rg directly', unit: 'ms', targetRatio: 1.3 },
      (line) => lines.push(line),
    );
    expect(met).toBe(true);
    expect(lines).toEqual([
      'grep   ours 130 ms   baseline (rg directly) 100 ms   ratio 1.30×   target ≤ 1.30×   ok',
    ]);
  });

  it('reports a missed target', () => {
    const lines: string[] = [];
    expect(
      reportAbsolute(
        { name: 'peak memory', value: 80, unit: 'MB', baseline: 40, baselineName: 'idle', target: 64 },
        (l) => lines.push(l),
      ),
    ).toBe(false);
    expect(lines[0]).toBe(
      'peak memory   80.0 MB   baseline (idle) 40.0 MB   ratio 2.00×   target ≤ 64.0 MB   MISSED',
    );
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});
