/**
 * Benchmarks print their figure beside a baseline measured in the same run, as a ratio, so a
 * reader can judge the number on any machine. One line per comparison:
 *
 *   grep 20k files   ours 182.1 ms   baseline (rg directly) 160.4 ms   ratio 1.14×   target ≤ 1.30×   ok
 */
export interface BenchComparison {
  /** What was measured. */
  name: string;
  /** Our figure. */
  ours: number;
  /** The baseline's figure, measured in the same run. */
  baseline: number;
  /** What the baseline is ("raw SDK stream", "rg directly", "node -e 0"). */
  baselineName: string;
  /** 'ms' or 'MB' or any unit; both figures share it. */
  unit: string;
  /** The ratio ours/baseline must stay at or under, when the issue sets one. */
  targetRatio?: number;
}

export interface BenchAbsolute {
  name: string;
  value: number;
  unit: string;
  /** The baseline's figure for context (for example the process's memory before the run). */
  baseline?: number;
  baselineName?: string;
  /** The absolute value must stay at or under this, when the issue sets one. */
  target?: number;
}

/** Formats and prints a ratio comparison; returns whether it met its target (true when none). */
export function reportComparison(
  comparison: BenchComparison,
  print: (line: string) => void = console.log,
): boolean {
  const ratio = comparison.ours / comparison.baseline;
  const met = comparison.targetRatio === undefined || ratio <= comparison.targetRatio;
  const target =
    comparison.targetRatio === undefined
      ? ''
      : `   target ≤ ${comparison.targetRatio.toFixed(2)}×   ${met ? 'ok' : 'MISSED'}`;
  print(
    `${comparison.name}   ours ${format(comparison.ours, comparison.unit)}   baseline (${comparison.baselineName}) ${format(
      comparison.baseline,
      comparison.unit,
    )}   ratio ${ratio.toFixed(2)}×${target}`,
  );
  return met;
}

/** Formats and prints an absolute figure (with its baseline for context); returns whether it met its target. */
export function reportAbsolute(figure: BenchAbsolute, print: (line: string) => void = console.log): boolean {
  const met = figure.target === undefined || figure.value <= figure.target;
  const baseline =
    figure.baseline === undefined
      ? ''
      : `   baseline (${figure.baselineName ?? 'baseline'}) ${format(figure.baseline, figure.unit)}   ratio ${(
          figure.value / figure.baseline
        ).toFixed(2)}×`;
  const target =
    figure.target === undefined
      ? ''
      : `   target ≤ ${format(figure.target, figure.unit)}   ${met ? 'ok' : 'MISSED'}`;
  print(`${figure.name}   ${format(figure.value, figure.unit)}${baseline}${target}`);
  return met;
}

/** Runs `fn` `runs` times (after `warmup` unmeasured runs) and returns the median wall time in ms. */
export async function medianTimeMs(
  fn: () => unknown | Promise<unknown>,
  runs = 5,
  warmup = 1,
): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function format(value: number, unit: string): string {
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}
