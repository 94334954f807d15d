import { describeDocExamples } from '../testing/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/system-prompt.md', import.meta.url));
