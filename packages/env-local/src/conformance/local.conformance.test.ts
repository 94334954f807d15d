import { createTempDir } from '@weft/testkit';
import { LocalExecutionEnvironment } from '../local-execution-environment.js';
import { describeExecutionEnvironment } from './describe-execution-environment.js';

describeExecutionEnvironment('LocalExecutionEnvironment', () => {
  const dir = createTempDir('weft-env-local-');
  return { env: new LocalExecutionEnvironment({ workingDirectory: dir.path }), dispose: () => dir.remove() };
});
