#!/usr/bin/env node
// Kept in the repository so that pnpm can link the command before the first build. The entry it
// loads answers --version and --help on its own and imports the rest only for a real run.
import '../dist/cli/weft.js';
