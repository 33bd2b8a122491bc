// One-click unsubscribe tokens (RFC 8058): `<person id>.<kind>.<HMAC-SHA256>` with a key derived from the
// server's secret. The signature covers both names, so a token altered to name another person or kind, or made
// up, does not verify; compared in constant time. They never expire: an old email's link still works.
import { webLinks } from '@recell/api';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OptionalEmail } from '@recell/api';

export function unsubscribeTokens(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('recell-unsubscribe-v1').digest();
  const mac = (userId: string, kind: OptionalEmail) =>
    createHmac('sha256', key).update(`${userId}:${kind}`).digest('base64url');
  return {
    tokenFor: (userId: string, kind: OptionalEmail) => `${userId}.${kind}.${mac(userId, kind)}`,
    /** What a token names, or null when its signature does not match (the contract has checked its shape). */
    read(token: string): { userId: string; kind: OptionalEmail } | null {
      const [userId = '', kind, signature = ''] = token.split('.');
      if (kind !== 'message' && kind !== 'booking') return null;
      const expected = Buffer.from(mac(userId, kind));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;

/**
 * An email's two unsubscribe URLs for one person and kind: `oneClick`, the API's POST-only URL a mail client
 * calls (the List-Unsubscribe header, RFC 8058), and `page`, the web page the footer links to (a click is a GET:
 * the page says what stops and its button POSTs).
 */
export const unsubscribeUrls =
  (origin: string, tokens: UnsubscribeTokens) => (userId: string, kind: OptionalEmail) => {
    const query = `?token=${encodeURIComponent(tokens.tokenFor(userId, kind))}`;
    return {
      oneClick: `${origin}/api/notifications/unsubscribe${query}`,
      page: `${origin}${webLinks.unsubscribe()}${query}`,
    };
  };
