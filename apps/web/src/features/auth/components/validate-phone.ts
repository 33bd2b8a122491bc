/** A phone number with its country code (E.164 once spaces and dashes are dropped), as Firebase texts it. */
export function validatePhone(phone: string): { phone?: string } {
  return /^\+[1-9]\d{6,14}$/.test(phone.replace(/[\s-]/g, ''))
    ? {}
    : { phone: 'Type the number with its country code, like +8801712345678' };
}
