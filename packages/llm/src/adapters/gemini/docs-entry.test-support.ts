// What `@weft/llm` will export for Gemini users: the package's entry plus this adapter. The docs
// test runs docs/gemini.md's examples against it, so they check this source, built or not.
export * from '../../index.js';
export * from './index.js';
