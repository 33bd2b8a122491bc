// Card checks done in the browser before anything is sent; the processor still has the last word.
import luhn from 'fast-luhn';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn check digit test every card number passes (the same check the test-mode processor makes). */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  return digits.length >= 12 && digits.length <= 19 && luhn(digits);
}

/** "4242424242424242" -> "4242 4242 4242 4242" (groups of four, at most 19 digits). */
export function formatCardNumber(value: string): string {
  return digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1234" or "12/34" -> "12 / 34", as typed. */
export function formatExpiry(value: string): string {
  const digits = digitsOnly(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/** "MM / YY" -> month and four-digit year, or null when it is not a real month. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = digitsOnly(value);
  if (digits.length !== 4) return null;
  const month = Number(digits.slice(0, 2));
  const year = 2000 + Number(digits.slice(2));
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export function isExpired({ month, year }: { month: number; year: number }, now = new Date()): boolean {
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}
