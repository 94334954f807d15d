import { describeDocExamples } from './testing/doc-examples.test-support.js';

describeDocExamples(new URL('../README.md', import.meta.url));
