import { describe, expect, it } from 'vitest';
import { describeReadmeExamples } from './docs/describe-readme-examples.js';

describeReadmeExamples(
  { describe, it, expect },
  new URL('../README.md', import.meta.url),
  new URL('..', import.meta.url),
);
