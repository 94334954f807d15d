import { describe, expect, it } from 'vitest';
import { ProxySettingError, proxyAuthorization, proxyFor, proxyLabel } from './proxy-env.js';

const route = (url: string, env: Record<string, string | undefined>) => {
  const found = proxyFor(new URL(url), env);
  return found && { proxy: found.proxy.href, variable: found.variable };
};
const settingError = (url: string, env: Record<string, string>) => {
  try {
    proxyFor(new URL(url), env);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('proxyFor', () => {
  it('takes https URLs through HTTPS_PROXY and http URLs through HTTP_PROXY', () => {
    const env = { HTTPS_PROXY: 'http://secure-proxy:3128', HTTP_PROXY: 'http://plain-proxy:3128' };
    expect(route('https://api.anthropic.com/v1/messages', env)).toEqual({
      proxy: 'http://secure-proxy:3128/',
      variable: 'HTTPS_PROXY',
    });
    expect(route('http://gateway.corp/v1', env)).toEqual({
      proxy: 'http://plain-proxy:3128/',
      variable: 'HTTP_PROXY',
    });
  });

  it('prefers the lower-case variable when both are set', () => {
    const env = {
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      HTTP_PROXY: 'http://a:3',
      http_proxy: 'http://b:4',
    };
    expect(route('https://x.test/', env)?.variable).toBe('https_proxy');
    expect(route('http://x.test/', env)?.variable).toBe('http_proxy');
  });

  it('falls back to the HTTP proxy for https URLs, never the other way round', () => {
    expect(route('https://x.test/', { HTTP_PROXY: 'http://only-http:3128' })?.variable).toBe('HTTP_PROXY');
    expect(route('http://x.test/', { HTTPS_PROXY: 'http://only-https:3128' })).toBeUndefined();
  });

  it('treats empty variables as unset', () => {
    expect(route('https://x.test/', { https_proxy: '', HTTPS_PROXY: 'http://upper:1' })?.variable).toBe(
      'HTTPS_PROXY',
    );
    expect(route('https://x.test/', { HTTPS_PROXY: '' })).toBeUndefined();
  });

  it('reads a value without a scheme as an http:// proxy', () => {
    expect(route('https://x.test/', { HTTPS_PROXY: 'proxy.corp:8080' })?.proxy).toBe(
      'http://proxy.corp:8080/',
    );
  });

  it('leaves NO_PROXY hosts and loopback hosts direct (no_proxy wins over NO_PROXY)', () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'anthropic.com' };
    expect(route('https://api.anthropic.com/', env)).toBeUndefined();
    expect(route('https://api.openai.com/', env)).toBeDefined();
    expect(route('https://api.anthropic.com/', { ...env, no_proxy: 'openai.com' })).toBeDefined();
    expect(route('https://localhost:8443/', env)).toBeUndefined();
  });

  it('refuses a proxy that is not http(s), or not a URL, naming the variable and hiding credentials', () => {
    const socks = settingError('https://x.test/', { HTTPS_PROXY: 'socks5://ann:secret@proxy:1080' });
    expect(socks).toBeInstanceOf(ProxySettingError);
    expect((socks as Error).message).toBe(
      'HTTPS_PROXY names a socks5 proxy (socks5://***@proxy:1080); only http:// and https:// proxies are supported',
    );
    const broken = settingError('http://x.test/', { http_proxy: 'http://ann:secret@[bad' });
    expect((broken as Error).message).toBe('http_proxy is not a proxy URL: http://***@[bad');
  });
});

describe('proxyAuthorization', () => {
  it('gives Basic credentials from the proxy URL, percent-decoded, and nothing without them', () => {
    const basic = (user: string, password: string) =>
      `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    expect(proxyAuthorization(new URL('http://ann:p%40ss%3Aword@proxy:1'))).toBe(basic('ann', 'p@ss:word'));
    expect(proxyAuthorization(new URL('http://ann@proxy:1'))).toBe(basic('ann', ''));
    expect(proxyAuthorization(new URL('http://ann:100%zz@proxy:1'))).toBe(basic('ann', '100%zz'));
    expect(proxyAuthorization(new URL('http://proxy:1'))).toBeUndefined();
  });
});

describe('proxyLabel', () => {
  it('names the proxy by origin and variable, without credentials', () => {
    const found = proxyFor(new URL('https://x.test/'), { HTTPS_PROXY: 'http://ann:secret@proxy.corp:3128/' });
    expect(proxyLabel(found!)).toBe('http://proxy.corp:3128 (HTTPS_PROXY)');
  });
});
