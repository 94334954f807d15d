// Loads a CommonJS file through loadWithCodeCache in a fresh process (V8 also keeps compiled code
// per process, which would hide the cache), calls its answer(2), saves the cache and prints
// {fromCache, answer}. argv: <file> <cache folder>
import { loadWithCodeCache } from './code-cache.js';

const [file, cache] = process.argv.slice(2) as [string, string];
const loaded = loadWithCodeCache<{ answer(n: number): string }>(file, cache, '1.0.0');
const answer = loaded.exports.answer(2);
loaded.saveCache();
process.stdout.write(`${JSON.stringify({ fromCache: loaded.fromCache, answer })}\n`);
