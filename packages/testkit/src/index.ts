export {
  type BenchAbsolute,
  type BenchComparison,
  median,
  medianTimeMs,
  reportAbsolute,
  reportComparison,
} from './bench/report.js';
export { createTempDir, type TempDir } from './fs/temp-dir.js';
