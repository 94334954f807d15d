import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Reply } from '../protocols/protocol.js';

/** Reads a whole request body as UTF-8, refusing bodies above `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new RangeError(`request body larger than ${limit} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function sendReply(res: ServerResponse, reply: Reply): void {
  const body = Buffer.from(reply.body, 'utf8');
  res.writeHead(reply.status, { ...reply.headers, 'content-length': String(body.length) });
  res.end(body);
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  sendReply(res, { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
}

export function lowerCaseHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
