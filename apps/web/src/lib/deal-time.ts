/** How long a held deal has before its hold expires, in words ("4 days 3 hours left"); both sides show it. */
export function timeLeft(holdExpiresAt: string | undefined, now: number = Date.now()): string {
  if (!holdExpiresAt) return '';
  const ms = Date.parse(holdExpiresAt) - now;
  if (!(ms > 0)) return 'Expiring now';
  const hours = Math.floor(ms / 3_600_000);
  const days = Math.floor(hours / 24);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${plural(days, 'day')} ${plural(hours % 24, 'hour')} left`;
  if (hours > 0) return `${plural(hours, 'hour')} left`;
  return `${plural(Math.max(1, Math.floor(ms / 60_000)), 'minute')} left`;
}
