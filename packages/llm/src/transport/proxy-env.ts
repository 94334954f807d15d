import { bypassesProxy } from './no-proxy.js';

/**
 * Where proxy settings are read: `process.env`, or an object with the same variable names
 * (HTTPS_PROXY / https_proxy, HTTP_PROXY / http_proxy, NO_PROXY / no_proxy).
 */
export type ProxyEnv = Readonly<Record<string, string | undefined>>;

/** The proxy a request goes through, and the variable that named it (for messages). */
export interface ProxyRoute {
  proxy: URL;
  variable: string;
}

/** A proxy variable holds something this fetch cannot use. */
export class ProxySettingError extends Error {
  override name = 'ProxySettingError';
}

/** The proxy refused to carry a request, or could not be reached. */
export class ProxyError extends Error {
  override name = 'ProxyError';
  /** The proxy's address, credentials left out. */
  readonly proxy: string;
  /** The proxy's answer to CONNECT, when it gave one other than 200. */
  readonly status: number | undefined;

  constructor(message: string, details: { proxy: string; status?: number | undefined; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.proxy = details.proxy;
    this.status = details.status;
  }
}

// The lower-case name wins when both are set, as in Node's and undici's proxy support; an https
// request with no HTTPS proxy set uses the HTTP one, as undici's EnvHttpProxyAgent does.
const HTTPS_VARIABLES = ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'];
const HTTP_VARIABLES = ['http_proxy', 'HTTP_PROXY'];

/**
 * The proxy `url` goes through under `env`, or undefined when it goes straight to the server
 * (no proxy set for its scheme, a loopback host, or a host NO_PROXY lists). A value without a
 * scheme is taken as `http://`. Throws ProxySettingError for a value that is not an http(s) URL.
 */
export function proxyFor(url: URL, env: ProxyEnv): ProxyRoute | undefined {
  const variables = url.protocol === 'https:' ? HTTPS_VARIABLES : HTTP_VARIABLES;
  const variable = variables.find((name) => env[name]);
  if (variable === undefined) return undefined;
  if (bypassesProxy(url, env.no_proxy || env.NO_PROXY)) return undefined;
  const value = (env[variable] as string).trim();
  const text = /^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  if (!URL.canParse(text)) {
    throw new ProxySettingError(`${variable} is not a proxy URL: ${withoutCredentials(value)}`);
  }
  const proxy = new URL(text);
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') {
    throw new ProxySettingError(
      `${variable} names a ${proxy.protocol.slice(0, -1)} proxy (${withoutCredentials(value)}); ` +
        'only http:// and https:// proxies are supported',
    );
  }
  return { proxy, variable };
}

/** The proxy's address for messages: scheme, host and port, never its credentials. */
export function proxyLabel(route: ProxyRoute): string {
  return `${route.proxy.origin} (${route.variable})`;
}

/** The Proxy-Authorization value for credentials in the proxy URL, if it has any. */
export function proxyAuthorization(proxy: URL): string | undefined {
  if (!proxy.username && !proxy.password) return undefined;
  return `Basic ${Buffer.from(`${decoded(proxy.username)}:${decoded(proxy.password)}`).toString('base64')}`;
}

/** A URL component percent-decoded, or as written when it is not valid percent-encoding. */
function decoded(component: string): string {
  try {
    return decodeURIComponent(component);
  } catch {
    return component;
  }
}

function withoutCredentials(value: string): string {
  return value.replace(
    /^([a-z][a-z\d+.-]*:\/\/)?[^/@]*@/i,
    (_, scheme: string | undefined) => `${scheme ?? ''}***@`,
  );
}
