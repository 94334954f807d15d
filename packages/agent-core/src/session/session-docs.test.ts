import { describeDocExamples } from '../context/doc-examples.test-support.js';

describeDocExamples(
  new URL('../../docs/session.md', import.meta.url),
  new URL('./docs-entry.test-support.ts', import.meta.url),
);
