// Preloaded (node --import) into a measured process: at exit it writes the process's peak
// resident set size, in KB, to the file named by WEFT_BENCH_RSS_FILE.
import { writeFileSync } from 'node:fs';

const file = process.env.WEFT_BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
