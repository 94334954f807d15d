type Headers = Record<string, string | string[] | undefined>;

/** The key in `Authorization: Bearer <key>`. */
export function bearerKey(headers: Headers): string | undefined {
  const auth = headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : undefined;
}
