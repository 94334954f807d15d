// Being built: see README.md.
export {};
