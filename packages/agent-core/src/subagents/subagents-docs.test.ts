import { describeDocExamples } from '../testing/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/subagents.md', import.meta.url));
