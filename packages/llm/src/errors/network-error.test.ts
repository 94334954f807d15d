import { describe, expect, it } from 'vitest';
import { ProxyError, ProxySettingError } from '../transport/proxy-env.js';
import { NetworkError } from './sdk-error.js';

const viaFetch = (cause: Error) =>
  new Error('Connection error.', { cause: new TypeError('fetch failed', { cause }) });

describe('NetworkError', () => {
  it('is retryable for a failure that may pass: a refused or reset connection, a proxy’s 502', () => {
    expect(
      new NetworkError('x', { cause: viaFetch(new Error('connect ECONNREFUSED 10.0.0.1:443')) }).retryable,
    ).toBe(true);
    const badGateway = new ProxyError('p refused the tunnel: 502 Bad Gateway', {
      proxy: 'http://p:1',
      status: 502,
    });
    expect(new NetworkError('x', { cause: viaFetch(badGateway) }).retryable).toBe(true);
    expect(new NetworkError('x').retryable).toBe(true);
  });

  it('is not retryable when a proxy refused with a 4xx or a proxy variable is unusable', () => {
    const denied = new ProxyError('p refused the tunnel: 407 Proxy Authentication Required', {
      proxy: 'http://p:1',
      status: 407,
    });
    expect(new NetworkError('x', { cause: viaFetch(denied) }).retryable).toBe(false);
    const forbidden = new ProxyError('p refused the request: 403 Forbidden', {
      proxy: 'http://p:1',
      status: 403,
    });
    expect(new NetworkError('x', { cause: viaFetch(forbidden) }).retryable).toBe(false);
    const setting = new ProxySettingError('HTTPS_PROXY names a socks5 proxy');
    expect(new NetworkError('x', { cause: viaFetch(setting) }).retryable).toBe(false);
  });
});
