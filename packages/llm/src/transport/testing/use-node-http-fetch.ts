// A vitest setup file: the test file it runs before sees this package's node:http fetch and its
// classes as the globals, so the adapters' suites check the SDKs over it as well as over Node's.
import { afterAll } from 'vitest';
import { installNodeHttpFetch } from '../fetch-globals.js';

const restore = installNodeHttpFetch();
afterAll(restore);
