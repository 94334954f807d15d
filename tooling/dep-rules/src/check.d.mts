export interface Violation {
  packageName: string;
  file: string;
  line?: number;
  message: string;
}
export interface RuleSet {
  allowed?: Record<string, readonly string[]>;
  devOnly?: readonly string[];
  exempt?: readonly string[];
}
export function checkWorkspace(root: string, rules?: RuleSet): Violation[];
export function findImports(source: string): { specifier: string; line: number }[];
