/**
 * The dependency rules of shared/DESIGN.md, as data: for each workspace package, the
 * workspace packages its shipped code may depend on. A package missing from this table is
 * an error, so a new package forces a decision here.
 */

const TOOL_PACKAGES = ['@weft/tools-fs', '@weft/tools-search', '@weft/tools-shell', '@weft/tools-patch'];
const ENV_PACKAGES = ['@weft/env-local', '@weft/env-docker', '@weft/env-ssh'];

/** @type {Record<string, readonly string[]>} */
export const ALLOWED_RUNTIME_DEPENDENCIES = {
  '@weft/llm': [],
  '@weft/agent-core': ['@weft/llm'],
  ...Object.fromEntries(
    [...TOOL_PACKAGES, ...ENV_PACKAGES, '@weft/hooks'].map((name) => [name, ['@weft/agent-core']]),
  ),
  '@weft/profiles': ['@weft/agent-core', ...TOOL_PACKAGES],
  // The CLI is the one package that wires everything together.
  '@weft/cli': [
    '@weft/llm',
    '@weft/agent-core',
    ...TOOL_PACKAGES,
    ...ENV_PACKAGES,
    '@weft/hooks',
    '@weft/profiles',
  ],
  // Every package takes the testkit as a devDependency, so it may depend on none of them:
  // that would be a cycle in the build graph.
  '@weft/testkit': [],
};

/** Packages that may only ever appear as a devDependency of another package. */
export const DEV_ONLY_PACKAGES = ['@weft/testkit', '@weft/vitest-config'];

/** Private workspace tooling that the rules do not apply to. */
export const EXEMPT_PACKAGES = ['@weft/dep-rules', '@weft/vitest-config'];
