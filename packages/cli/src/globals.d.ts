/** The package's version, inlined by the build (tsup.config.ts) and by vitest.config.ts for tests. */
declare const __WEFT_VERSION__: string;
