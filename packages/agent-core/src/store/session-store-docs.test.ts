import { describeDocExamples } from '../prompt/doc-examples.test-support.js';

describeDocExamples(new URL('../../docs/session-store.md', import.meta.url), 1);
