import { describeDocExamples } from './doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/system-prompt.md', import.meta.url), 1);
