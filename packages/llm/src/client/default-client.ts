import { Client } from './client.js';

let defaultClient: Client | undefined;

/**
 * The module's default client, used by generate / stream / generateObject when no `client` is
 * passed: built from the environment on first use (Client.fromEnv), or the one set with
 * setDefaultClient.
 */
export function getDefaultClient(): Client {
  defaultClient ??= Client.fromEnv();
  return defaultClient;
}

/** Replaces the default client; `undefined` drops it, so the next use builds one from the environment again. */
export function setDefaultClient(client: Client | undefined): void {
  defaultClient = client;
}
