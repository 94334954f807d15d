/** Per-test and per-hook time limits shared by every package's vitest config (see index.js). */
export declare const testTimeLimits: { readonly testTimeout: number; readonly hookTimeout: number };
