#!/usr/bin/env node
// Kept in the repository so that pnpm can link the command before the first build.
import '../dist/apply-patch-cli.js';
