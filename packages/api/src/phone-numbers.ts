// Reading and writing phone numbers: a number is kept in E.164; what a person types is read as a
// Bangladeshi number unless it starts with +. Its own entry (@recell/api/phone-numbers), like safety.ts, so the
// web's main bundle does not carry libphonenumber's metadata.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** The country a number without a leading + is read in (ReCell's sellers are in Bangladesh). */
export const DEFAULT_PHONE_COUNTRY = 'BD';

/** The number in E.164 when it is a real, dialable number; undefined for "+1", 40 digits, letters. */
export function toE164(typed: string): string | undefined {
  const parsed = parsePhoneNumberFromString(typed.trim(), DEFAULT_PHONE_COUNTRY);
  return parsed?.isValid() ? parsed.number : undefined;
}
