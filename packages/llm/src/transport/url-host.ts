// A URL's hostname writes an IPv6 address in brackets; sockets and NO_PROXY entries take it bare.

/** The host without the brackets an IPv6 address has in a URL. */
export function bracketless(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

/** The host as a CONNECT request line names it: an IPv6 address in brackets. */
export function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
