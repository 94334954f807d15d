// Test helpers for comparing this package's fetch classes with Node's own, outcome by outcome.

/** What an operation gave: its value, or the class and message of what it threw or rejected with. */
export async function outcomeOf(run: () => unknown): Promise<unknown> {
  try {
    return { value: await run() };
  } catch (error) {
    return { threw: (error as Error).constructor.name, message: (error as Error).message };
  }
}

interface ResponseLike {
  status: number;
  statusText: string;
  ok: boolean;
  type: string;
  url: string;
  redirected: boolean;
  bodyUsed: boolean;
  body: unknown;
  headers: Iterable<[string, string]>;
}

/** Everything about a response but its body's content; `omit` leaves out fields that vary (date). */
export function responseHead(response: ResponseLike, omit: readonly string[] = []) {
  return {
    status: response.status,
    statusText: response.statusText,
    ok: response.ok,
    type: response.type,
    url: response.url,
    redirected: response.redirected,
    bodyUsed: response.bodyUsed,
    hasBody: response.body !== null,
    headers: [...response.headers].filter(([name]) => !omit.includes(name)),
  };
}
