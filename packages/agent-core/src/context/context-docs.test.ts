import { describeDocExamples } from './doc-examples.test-support.js';

describeDocExamples(
  new URL('../../docs/context.md', import.meta.url),
  new URL('./docs-entry.test-support.ts', import.meta.url),
);
