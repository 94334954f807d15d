import { describeDocExamples } from '../testing/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/session.md', import.meta.url));
