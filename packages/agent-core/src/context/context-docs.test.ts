import { describeDocExamples } from '../testing/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/context.md', import.meta.url));
