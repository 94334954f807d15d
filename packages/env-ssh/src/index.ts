// Not built yet: see README.md. This module deliberately exports nothing.
export {};
