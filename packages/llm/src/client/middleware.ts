import type { CallOptions } from '../adapters/provider-adapter.js';
import type { Request } from '../types/request.js';
import type { Response } from '../types/response.js';
import type { StreamEvent } from '../types/stream-event.js';

export type CompleteNext = (request: Request, options?: CallOptions) => Promise<Response>;
export type StreamNext = (request: Request, options?: CallOptions) => AsyncIterable<StreamEvent>;

/**
 * A layer around every call the client makes: logging, caching, cost tracking, rate limiting, a
 * circuit breaker. Middleware runs as an onion: the first registered sees the request first and
 * the response (or each stream event) last. `complete` wraps `Client.complete`, `stream` wraps
 * `Client.stream` and may observe, transform, drop or add events; a middleware without one of
 * them lets that kind of call through untouched. Routing and history repair happen inside the
 * innermost layer, so a middleware may change `request.provider` or `request.messages`.
 */
export interface Middleware {
  /** For logs and errors. */
  name?: string;
  complete?: (request: Request, next: CompleteNext, options: CallOptions) => Promise<Response>;
  stream?: (request: Request, next: StreamNext, options: CallOptions) => AsyncIterable<StreamEvent>;
}

/** Builds the onion for `complete`: `middleware[0]` outermost, `inner` at the core. */
export function composeComplete(middleware: readonly Middleware[], inner: CompleteNext): CompleteNext {
  return middleware.reduceRight<CompleteNext>((next, layer) => {
    const wrap = layer.complete;
    if (!wrap) return next;
    return (request, options = {}) => wrap(request, next, options);
  }, inner);
}

/** Builds the onion for `stream`: `middleware[0]` outermost, `inner` at the core. */
export function composeStream(middleware: readonly Middleware[], inner: StreamNext): StreamNext {
  return middleware.reduceRight<StreamNext>((next, layer) => {
    const wrap = layer.stream;
    if (!wrap) return next;
    return (request, options = {}) => wrap(request, next, options);
  }, inner);
}
