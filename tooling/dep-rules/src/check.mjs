import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { ALLOWED_RUNTIME_DEPENDENCIES, DEV_ONLY_PACKAGES, EXEMPT_PACKAGES } from './rules.mjs';

/**
 * @typedef {{ name: string, dir: string, manifest: Record<string, any> }} WorkspacePackage
 * @typedef {{ packageName: string, file: string, line?: number, message: string }} Violation
 * @typedef {{
 *   allowed?: Record<string, readonly string[]>,
 *   devOnly?: readonly string[],
 *   exempt?: readonly string[],
 * }} RuleSet
 */

const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;
// Tests, benchmarks and the helpers only they import (`*.test-support.ts`, `testing/`).
const TEST_FILE = /\.(?:test|spec|bench|test-support)\.[cm]?[jt]sx?$/;
const TEST_DIRS = new Set(['test', 'tests', 'testing', '__tests__', 'bench', 'fixtures']);
// Build and test tool settings at a package root are never shipped, so they may use
// devDependencies as tests do.
const TOOL_CONFIG_FILE = /^(?:vitest|tsup|vite)\.config\.[cm]?[jt]s$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.turbo', 'coverage']);
const RUNTIME_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies'];
const IMPORT_PATTERNS = [
  /\bfrom\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*['"]([^'"\n]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
  /\brequire\s*\(\s*['"]([^'"\n]+)['"]\s*\)/g,
];

/**
 * Lists the workspace's packages from pnpm-workspace.yaml (plain folders and `folder/*`).
 * @param {string} root
 * @returns {WorkspacePackage[]}
 */
export function listWorkspacePackages(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [];
  let inPackages = false;
  for (const line of yaml.split('\n')) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const item = /^\s*-\s*['"]?([^'"]+?)['"]?\s*$/.exec(line);
      if (item?.[1]) patterns.push(item[1]);
    }
  }
  /** @type {WorkspacePackage[]} */
  const packages = [];
  for (const pattern of patterns) {
    const dirs = pattern.endsWith('/*') ? listDirs(join(root, pattern.slice(0, -2))) : [join(root, pattern)];
    for (const dir of dirs) {
      const manifestPath = join(dir, 'package.json');
      if (!existsSync(manifestPath)) continue;
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
      packages.push({ name: manifest.name, dir, manifest });
    }
  }
  return packages;
}

/** @param {string} dir */
function listDirs(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(dir, entry.name));
}

/**
 * Checks every workspace package against the rules and returns the violations (empty when clean).
 * @param {string} root
 * @param {RuleSet} [rules]
 * @returns {Violation[]}
 */
export function checkWorkspace(root, rules = {}) {
  const allowed = rules.allowed ?? ALLOWED_RUNTIME_DEPENDENCIES;
  const devOnly = rules.devOnly ?? DEV_ONLY_PACKAGES;
  const exempt = rules.exempt ?? EXEMPT_PACKAGES;
  const packages = listWorkspacePackages(resolve(root));
  const workspaceNames = new Set(packages.map((pkg) => pkg.name));
  /** @type {Violation[]} */
  const violations = [];

  for (const pkg of packages) {
    if (exempt.includes(pkg.name)) continue;
    const allowedHere = allowed[pkg.name];
    const manifestFile = relative(root, join(pkg.dir, 'package.json'));
    if (!allowedHere) {
      violations.push({
        packageName: pkg.name,
        file: manifestFile,
        message: `${pkg.name} has no entry in the dependency rules; add one to tooling/dep-rules/src/rules.mjs (a design change: note it in the issue first)`,
      });
      continue;
    }
    const runtimeDeps = new Set();
    for (const field of RUNTIME_FIELDS) {
      for (const dep of Object.keys(pkg.manifest[field] ?? {})) {
        runtimeDeps.add(dep);
        if (!workspaceNames.has(dep)) continue;
        if (devOnly.includes(dep)) {
          violations.push({
            packageName: pkg.name,
            file: manifestFile,
            message: `${pkg.name} lists ${dep} in ${field}; ${dep} may only ever be a devDependency`,
          });
        } else if (!allowedHere.includes(dep)) {
          violations.push({
            packageName: pkg.name,
            file: manifestFile,
            message: `${pkg.name} lists ${dep} in ${field}; ${describeAllowed(pkg.name, allowedHere)}`,
          });
        }
      }
    }
    const devDeps = new Set(Object.keys(pkg.manifest.devDependencies ?? {}));
    for (const file of listSourceFiles(pkg.dir)) {
      const isDevTime = isDevTimeFile(relative(pkg.dir, file));
      for (const { specifier, line } of findImports(readFileSync(file, 'utf8'))) {
        const where = { packageName: pkg.name, file: relative(root, file), line };
        if (specifier.startsWith('.')) {
          const target = resolve(file, '..', specifier);
          if (target !== pkg.dir && !target.startsWith(pkg.dir + sep)) {
            violations.push({
              ...where,
              message: `imports "${specifier}", which reaches outside ${pkg.name}; import the other package by its name instead`,
            });
          }
          continue;
        }
        const target = packageNameOf(specifier);
        if (!workspaceNames.has(target) || target === pkg.name) continue;
        if (!isDevTime) {
          if (!allowedHere.includes(target) || devOnly.includes(target)) {
            violations.push({
              ...where,
              message: `imports "${specifier}"; ${describeAllowed(pkg.name, allowedHere)}`,
            });
          } else if (!runtimeDeps.has(target)) {
            violations.push({
              ...where,
              message: `imports "${specifier}" but ${pkg.name} does not list ${target} in dependencies`,
            });
          }
        } else if (!runtimeDeps.has(target) && !devDeps.has(target)) {
          violations.push({
            ...where,
            message: `imports "${specifier}" in a test but ${pkg.name} lists ${target} in neither dependencies nor devDependencies`,
          });
        }
      }
    }
  }
  return violations;
}

/**
 * @param {string} name
 * @param {readonly string[]} allowed
 */
function describeAllowed(name, allowed) {
  return allowed.length === 0
    ? `${name} may depend on no workspace package (DESIGN.md, dependency rules)`
    : `${name} may depend only on ${allowed.join(', ')} (DESIGN.md, dependency rules)`;
}

/** @param {string} specifier */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** @param {string} relPath */
function isDevTimeFile(relPath) {
  return (
    TEST_FILE.test(relPath) ||
    TOOL_CONFIG_FILE.test(relPath) ||
    relPath.split(sep).some((part) => TEST_DIRS.has(part))
  );
}

/**
 * @param {string} dir
 * @returns {string[]}
 */
function listSourceFiles(dir) {
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(path));
    else if (SOURCE_FILE.test(entry.name) && statSync(path).isFile()) files.push(path);
  }
  return files;
}

/**
 * Finds module specifiers in JS/TS source. Comments are blanked first (keeping line breaks,
 * so line numbers stay right) so that an import mentioned in a comment is not counted.
 * @param {string} source
 * @returns {{ specifier: string, line: number }[]}
 */
export function findImports(source) {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/^(\s*)\/\/.*$/gm, '$1');
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (!specifier) continue;
      const line = code.slice(0, match.index).split('\n').length;
      found.push({ specifier, line });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}
