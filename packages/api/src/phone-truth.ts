// Phone truth's words: the refusals the server and the mocks send, and what a listing's IMEI check
// says to people. One place, so the server, the mocks, the web and the stories cannot drift.
import type { components } from './generated/schema';

type ImeiCheck = components['schemas']['ImeiCheck'];

/** Who files the reports phone truth sends to moderation (a returning phone, a blocked one at the handover). */
export const IMEI_CHECK_REPORTER = 'imei-check@recell.invalid';

export const imeiRefusals = {
  listed: {
    status: 409,
    code: 'imei_listed',
    message:
      'This IMEI is already on another listing. One phone can be listed once; if it is yours, contact us.',
  },
  blockedAtListing: {
    status: 409,
    code: 'device_blocked',
    message: 'This IMEI is reported stolen or blocked, so the phone cannot be listed.',
  },
  /**
   * A booked phone's IMEI is what its buyer checks the phone in hand against at the meetup: the seller
   * cannot change it while a booking of it is open.
   */
  inDeal: {
    status: 409,
    code: 'imei_in_deal',
    message:
      'This phone is booked: its IMEI cannot change while a booking of it is open, because the buyer checks the phone against it.',
  },
  blockedAtHandover: {
    status: 409,
    code: 'device_blocked',
    message:
      "This phone's IMEI is reported stolen or blocked. The deal is called off, the buyer's card hold is let go and the listing is down for review.",
  },
} as const;

/** Whole hours and days are enough for "checked 3 hours ago". */
export function checkedAgo(checkedAt: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.round((now.getTime() - new Date(checkedAt).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  const days = Math.round(hours / 24);
  return `${days} day${days === 1 ? '' : 's'} ago`;
}

/** What the IMEI says about the model, in words. */
export function modelWords(check: ImeiCheck): string {
  const { model } = check;
  if (model.outcome === 'match') return `IMEI matches ${model.name ?? 'the listed model'}`;
  if (model.outcome === 'mismatch') return 'IMEI does not match the listed model';
  return 'IMEI model not yet known';
}

/** What the device check says, in words. */
export function deviceWords(check: ImeiCheck, now?: Date): string {
  const { device } = check;
  const where = device.source === 'recell' ? "ReCell's registry" : 'the device-status check';
  const when = device.checkedAt ? `, checked ${checkedAgo(device.checkedAt, now)}` : '';
  if (device.status === 'clean') return `IMEI clean in ${where}${when}`;
  if (device.status === 'blocked') return `IMEI reported stolen or blocked in ${where}${when}`;
  return 'IMEI not checked yet: the device-status check did not answer; it is checked again later';
}
