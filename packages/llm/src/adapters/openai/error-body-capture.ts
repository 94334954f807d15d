/**
 * The SDK keeps only the `error` member of an error body and drops the rest, so a server that
 * answers `{"object":"error","message":"…","type":"BadRequestError"}` (vLLM, Mistral) or
 * `{"detail":"…"}` leaves an APIError with no message at all. This wraps `fetch` to keep a copy of
 * every error body, keyed by the response's Headers object, which the SDK hands on to the APIError
 * it throws; the error mapping reads it back from there.
 */
export interface ErrorBodyCapture {
  fetch: typeof fetch;
  /** The error body text of the response these headers belong to, if one was captured. */
  bodyFor(headers: Headers | undefined): string | undefined;
}

export function createErrorBodyCapture(baseFetch: typeof fetch = fetch): ErrorBodyCapture {
  const bodies = new WeakMap<Headers, string>();
  const capturing: typeof fetch = async (input, init) => {
    const response = await baseFetch(input, init);
    if (!response.ok) {
      // A clone tees the body; the SDK still reads the original. Error bodies are small.
      const text = await response
        .clone()
        .text()
        .catch(() => undefined);
      if (text !== undefined) bodies.set(response.headers, text);
    }
    return response;
  };
  return {
    fetch: capturing,
    bodyFor: (headers) => (headers ? bodies.get(headers) : undefined),
  };
}
