import { MEETUP_UTC_OFFSET_MINUTES } from '@recell/api';

/**
 * A meetup time in Dhaka's words, where the spots' hours are kept, whatever the browser's own time zone
 * ("Mon 30 Nov, 19:59"): one place formats it for the deal, My Orders and the thread.
 */
export function dhakaTime(iso: string): string {
  const local = new Date(Date.parse(iso) + MEETUP_UTC_OFFSET_MINUTES * 60_000);
  return local.toLocaleString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}
