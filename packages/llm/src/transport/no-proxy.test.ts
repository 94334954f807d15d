import { describe, expect, it } from 'vitest';
import { bypassesProxy } from './no-proxy.js';

const direct = (url: string, noProxy?: string) => bypassesProxy(new URL(url), noProxy);

describe('bypassesProxy', () => {
  it.each([
    'http://localhost:8080/',
    'https://LOCALHOST/',
    'http://api.localhost/',
    'http://127.0.0.1:3000/',
    'http://127.255.0.9/',
    'http://[::1]:4000/',
    'http://[::ffff:127.0.0.1]/',
  ])('always sends loopback %s straight to the server', (url) => {
    expect(direct(url)).toBe(true);
    expect(direct(url, '')).toBe(true);
  });

  it.each([
    ['http://api.example.com/', undefined],
    ['http://api.example.com/', ''],
    ['http://0.0.0.0:8080/', undefined],
    ['http://10.1.2.3/', undefined],
  ])('proxies %s when NO_PROXY is %j', (url, noProxy) => {
    expect(direct(url, noProxy)).toBe(false);
  });

  it('bypasses every host for *', () => {
    expect(direct('https://api.openai.com/', '*')).toBe(true);
    expect(direct('https://api.openai.com/', 'corp.example, *')).toBe(true);
  });

  it.each([
    ['example.com', 'http://example.com/', true],
    ['example.com', 'http://api.example.com/', true],
    ['.example.com', 'http://example.com/', true],
    ['.example.com', 'http://deep.api.example.com/', true],
    ['*.example.com', 'http://api.example.com/', true],
    ['example.com', 'http://notexample.com/', false],
    ['example.com', 'http://example.com.evil.net/', false],
    ['EXAMPLE.com.', 'http://Api.Example.COM./', true],
  ])('takes the domain entry %s to cover %s: %s', (noProxy, url, expected) => {
    expect(direct(url, noProxy)).toBe(expected);
  });

  it('splits the list at commas and whitespace, skipping empty entries', () => {
    const list = ' a.test ,, b.test\tc.test\n';
    expect(['a', 'b', 'c', 'd'].map((name) => direct(`http://${name}.test/`, list))).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('matches an entry with a port only at that port (the scheme’s default when the URL has none)', () => {
    expect(direct('http://api.example.com:8080/', 'example.com:8080')).toBe(true);
    expect(direct('http://api.example.com:9090/', 'example.com:8080')).toBe(false);
    expect(direct('https://api.example.com/', 'example.com:443')).toBe(true);
    expect(direct('http://api.example.com/', 'example.com:443')).toBe(false);
    expect(direct('http://10.0.0.5:8080/', '10.0.0.5:8080')).toBe(true);
    expect(direct('http://[2001:db8::5]:8080/', '[2001:db8::5]:8080')).toBe(true);
    expect(direct('http://[2001:db8::5]:9090/', '[2001:db8::5]:8080')).toBe(false);
  });

  it('matches addresses exactly, by CIDR block and by range, in both families', () => {
    expect(direct('http://10.0.0.5/', '10.0.0.5')).toBe(true);
    expect(direct('http://10.0.0.6/', '10.0.0.5')).toBe(false);
    expect(direct('http://10.20.30.40/', '10.0.0.0/8')).toBe(true);
    expect(direct('http://11.0.0.1/', '10.0.0.0/8')).toBe(false);
    expect(direct('http://192.168.1.50/', '192.168.1.1-192.168.1.100')).toBe(true);
    expect(direct('http://192.168.1.150/', '192.168.1.1-192.168.1.100')).toBe(false);
    expect(direct('http://[2001:db8::7]/', '2001:db8::/32')).toBe(true);
    expect(direct('http://[2001:db9::7]/', '2001:db8::/32')).toBe(false);
    expect(direct('http://[2001:db8::7]/', '2001:db8::7')).toBe(true);
  });

  it('never matches an address entry against a name, nor a domain entry against an address', () => {
    expect(direct('http://10.0.0.5/', '0.5')).toBe(false);
    expect(direct('http://api.example.com/', '10.0.0.0/8')).toBe(false);
  });

  it('ignores entries that name nothing (a bad block, a backwards range) and keeps the rest', () => {
    const list = '10.0.0.0/99, 10.0.0.9-10.0.0.1, 1.2.3.4-nope, good.test';
    expect(direct('http://10.0.0.5/', list)).toBe(false);
    expect(direct('http://good.test/', list)).toBe(true);
  });
});
