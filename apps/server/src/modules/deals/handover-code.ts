// The handover code: 6 digits the buyer shows at the meetup. Never stored: derived from the hold (booking and
// transaction) with a key from the server's secret, so a copy of the database does not reveal a code, and
// compared in constant time. A new hold means a new code.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function handoverCodes(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('recell-handover-code-v1').digest();
  const codeFor = (bookingId: string, transaction: string) => {
    const mac = createHmac('sha256', key).update(`${bookingId}:${transaction}`).digest();
    return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
  };
  return {
    codeFor,
    matches(bookingId: string, transaction: string, code: string) {
      const expected = Buffer.from(codeFor(bookingId, transaction));
      const given = Buffer.from(code);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type HandoverCodes = ReturnType<typeof handoverCodes>;
