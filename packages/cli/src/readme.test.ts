import { describeReadmeExamples } from '@weft/testkit';
import { describe, expect, it } from 'vitest';

// The README's runnable example starts the testkit's server and the built command.
describeReadmeExamples(
  { describe, it, expect },
  new URL('../README.md', import.meta.url),
  new URL('..', import.meta.url),
);
