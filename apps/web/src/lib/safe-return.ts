/** Only a path on this site may be returned to after login (no `//evil.example` or `https://`). */
export function safeReturnPath(from: string | null | undefined): string {
  return from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') ? from : '/';
}

export function loginPath(from: string): string {
  return from === '/' ? '/login' : `/login?from=${encodeURIComponent(from)}`;
}
