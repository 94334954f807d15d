import { describeDocExamples } from './context/doc-examples.test-support.js';

// The README's examples import @weft/env-local, which agent-core cannot depend on; the docs
// runner resolves it to that package's source.
describeDocExamples(new URL('../README.md', import.meta.url), new URL('./index.ts', import.meta.url));
