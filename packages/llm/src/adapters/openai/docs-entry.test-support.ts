// What `@weft/llm` will export for OpenAI users: the package's entry plus the two OpenAI
// adapters. The docs test runs the examples of docs/openai.md and docs/openai-compatible.md
// against it, so they check this source, built or not.
export * from '../../index.js';
export * from '../openai-compatible/index.js';
export * from './index.js';
