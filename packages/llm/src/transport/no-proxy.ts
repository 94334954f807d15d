import type { BlockList } from 'node:net';
import { bracketless } from './url-host.js';

// node:net is loaded on the first check, not at import: the command's start-up does not pay for it.
const net = () => process.getBuiltinModule('node:net');
const isIP = (text: string) => net().isIP(text);

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/** One NO_PROXY entry: a domain (with its subdomains) or an address block, optionally one port. */
interface Entry {
  domain?: string;
  addresses?: BlockList;
  port?: string;
}

/**
 * Whether a request to `url` goes straight to the server rather than through a proxy: always for
 * loopback (localhost, 127.0.0.0/8, ::1: a local gateway or test server is never behind the
 * corporate proxy), and for every host NO_PROXY lists. The list is split at commas and spaces;
 * an entry is `*` (every host), a domain that also covers its subdomains (`example.com`,
 * `.example.com` and `*.example.com` alike), an IP address, a CIDR block (`10.0.0.0/8`) or an
 * address range (`10.0.0.1-10.0.0.9`), each optionally with `:port`.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  const host = bracketless(url.hostname).replace(/\.$/, '');
  if (isLoopback(host)) return true;
  if (!noProxy) return false;
  const port = url.port || (DEFAULT_PORTS[url.protocol] ?? '');
  const family = isIP(host);
  for (const entry of entriesOf(noProxy)) {
    if (entry === '*') return true;
    if (entry.port !== undefined && entry.port !== port) continue;
    if (entry.addresses !== undefined) {
      if (family !== 0 && entry.addresses.check(host, family === 4 ? 'ipv4' : 'ipv6')) return true;
    } else if (entry.domain !== undefined && family === 0) {
      if (host === entry.domain || host.endsWith(`.${entry.domain}`)) return true;
    }
  }
  return false;
}

let parsed: { text: string; entries: (Entry | '*')[] } | undefined;

/** The list's entries, parsed once for as long as the variable keeps its value. */
function entriesOf(text: string): (Entry | '*')[] {
  if (parsed?.text !== text) {
    const entries = text
      .toLowerCase()
      .split(/[\s,]+/)
      .map((item) => (item === '*' ? item : parseEntry(item)))
      .filter((entry) => entry !== undefined);
    parsed = { text, entries };
  }
  return parsed.entries;
}

let loopback: BlockList | undefined;

function isLoopback(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const family = isIP(host);
  // IPv4-mapped IPv6 addresses (::ffff:7f00:1) count as the IPv4 address they carry.
  if (family === 0) return false;
  if (loopback === undefined) {
    loopback = new (net().BlockList)();
    loopback.addSubnet('127.0.0.0', 8, 'ipv4');
    loopback.addAddress('::1', 'ipv6');
  }
  return loopback.check(host, family === 4 ? 'ipv4' : 'ipv6');
}

/** The entry, or undefined for one that names nothing (empty, or an address that does not parse). */
function parseEntry(text: string): Entry | undefined {
  if (text === '') return undefined;
  let rest = text;
  let port: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(rest);
  if (bracketed) {
    rest = bracketed[1] as string;
    port = bracketed[2];
  } else {
    const withPort = /^([^:]+):(\d+)$/.exec(rest);
    if (withPort) {
      rest = withPort[1] as string;
      port = withPort[2];
    }
  }
  const addresses = addressBlock(rest);
  if (addresses !== undefined) return { addresses, port };
  if (rest.includes('/') || rest.includes(':') || isIP(rest.split('-')[0] ?? '') !== 0) return undefined;
  const domain = rest.replace(/^\*?\./, '').replace(/\.$/, '');
  return domain === '' ? undefined : { domain, port };
}

/** An address, CIDR block or range as a BlockList, or undefined when `text` is none of them. */
function addressBlock(text: string): BlockList | undefined {
  const list = new (net().BlockList)();
  const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');
  const cidr = /^([^/]+)\/(\d{1,3})$/.exec(text);
  const range = /^([^-]+)-([^-]+)$/.exec(text);
  try {
    if (isIP(text) !== 0) list.addAddress(text, familyOf(text));
    else if (cidr && isIP(cidr[1] as string) !== 0) {
      list.addSubnet(cidr[1] as string, Number(cidr[2]), familyOf(cidr[1] as string));
    } else if (
      range &&
      isIP(range[1] as string) !== 0 &&
      isIP(range[1] as string) === isIP(range[2] as string)
    ) {
      list.addRange(range[1] as string, range[2] as string, familyOf(range[1] as string));
    } else return undefined;
  } catch {
    // A prefix longer than the family allows, or a range that runs backwards.
    return undefined;
  }
  return list;
}
