import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// A certificate for 127.0.0.1, localhost and *.weft.test, made for these tests only.
const CERT_FILE = fileURLToPath(new URL('./localhost-cert.pem', import.meta.url));
const KEY_FILE = fileURLToPath(new URL('./localhost-key.pem', import.meta.url));

/** The test certificate and its key (PEM), for an HTTPS server or proxy. */
export const TEST_TLS = { key: readFileSync(KEY_FILE, 'utf8'), cert: readFileSync(CERT_FILE, 'utf8') };

/** The built `@weft/llm/node-http-fetch` entry, for scripts run in a child process. */
export const BUILT_ENTRY = new URL('../../../dist/node-http-fetch.js', import.meta.url).href;

/**
 * Runs an ES-module script in a child `node` that trusts the test certificate: Node reads extra
 * CAs only at start (NODE_EXTRA_CA_CERTS), so HTTPS against the test servers needs a new process.
 */
export async function runTrustingTestCert(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: CERT_FILE },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk;
  });
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}
