import { describeDocExamples } from '../testing/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/session-store.md', import.meta.url));
