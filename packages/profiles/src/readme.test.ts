import { describeReadmeExamples } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

describeReadmeExamples(
  { describe, it, expect },
  new URL('../README.md', import.meta.url),
  new URL('..', import.meta.url),
);
