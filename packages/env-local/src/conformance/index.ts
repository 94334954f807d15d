export {
  type ConformanceFactory,
  type ConformanceSubject,
  describeExecutionEnvironment,
} from './describe-execution-environment.js';
