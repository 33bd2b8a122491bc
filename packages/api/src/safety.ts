// What a message carries that takes a deal off ReCell, for the recipient's banner (issue 23): a phone number, an
// email address, a link, or words asking to pay outside ReCell. Pure: text in, findings out. Detection that only
// looks for well-written numbers is easy to bypass, so the text is first normalised the ways people disguise a
// number ("zero one seven ...", "017 12.34-56 78", Bengali digits, "double five") and an address ("name at gmail
// dot com"). It is a warning, not a filter: the message is delivered either way, so a false alarm costs a banner.
// What it still misses is listed in test/safety.test.ts. One module for the server and
// the mocks (its own entry, @recell/api/safety, so the web's bundle never carries libphonenumber's metadata).
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';
import type { components } from './generated/schema';

export type SafetyFinding = components['schemas']['SafetyFinding'];

/** ReCell's market: a number written without a country code is read as Bangladeshi. */
const DEFAULT_COUNTRY = 'BD';

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  nil: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
// Not inside a word ("someone", "often"), but next to digits ("o1seven12") is fine.
const DIGIT_WORD = new RegExp(`(?<![a-z])(${Object.keys(DIGIT_WORDS).join('|')})(?![a-z])`, 'g');

/** Digits as people write them to slip past a filter, as plain ASCII digits. */
function digitsOf(text: string): string {
  return (
    text
      .toLowerCase()
      // Bengali (০-৯) and other scripts' decimal digits
      .replace(/[\u09e6-\u09ef]/g, (d) => String(d.charCodeAt(0) - 0x09e6))
      .replace(/[\uff10-\uff19]/g, (d) => String(d.charCodeAt(0) - 0xff10))
      .replace(DIGIT_WORD, (word) => DIGIT_WORDS[word] ?? word)
      // the letter o for a zero, beside a digit
      .replace(/(?<![a-z])o(?=[\s.-]*\d)|(?<=\d[\s.-]*)o(?![a-z])/g, '0')
      .replace(/\b(double|triple)[\s-]*(\d)/g, (_m, times: string, d: string) =>
        d.repeat(times === 'double' ? 2 : 3),
      )
      // separators between digits: spaces, dots, dashes, commas, slashes, brackets, underscores, "and"
      .replace(/(\d)(?:[\s.,\-_/()[\]*|]|\band\b)+(?=[\d+])/g, '$1')
  );
}

/** A Bangladeshi mobile number (01[3-9] and eight more digits, with or without +880) in a run of digits. */
const BD_MOBILE = /(?:\+?880|\b0)1[3-9]\d{8}(?!\d)/;

function hasPhoneNumber(text: string): boolean {
  if (findPhoneNumbersInText(text, DEFAULT_COUNTRY).length > 0) return true;
  const digits = digitsOf(text);
  return BD_MOBILE.test(digits) || findPhoneNumbersInText(digits, DEFAULT_COUNTRY).length > 0;
}

const EMAIL = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** "name at gmail dot com", "name (at) gmail (dot) com", "name@gmail dot com" */
const SPOKEN_EMAIL =
  /[a-z0-9._%+-]+\s*(?:@|[([{]\s*at\s*[)\]}]|\s+at\s+)\s*[a-z0-9-]+\s*(?:\.|[([{]\s*dot\s*[)\]}]|\s+dot\s+)\s*(?:com|net|org|info|io|co|me|bd|edu)\b/gi;

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });
/** "example dot com", "www . shop . com": a domain spelled out, for the link matcher. */
const spokenDots = (text: string) =>
  text.replace(/\s*(?:[([{]\s*dot\s*[)\]}]|\s+dot\s+)\s*/gi, '.').replace(/(\w)\s+\.\s+(\w)/g, '$1.$2');

function links(text: string) {
  return [...(linkify.match(text) ?? []), ...(linkify.match(spokenDots(text)) ?? [])];
}

/**
 * Asking to pay outside ReCell, where the handover code no longer protects the buyer. Each entry names one way;
 * "wire" alone would match a charger's wire, so each needs its money word.
 */
const PAY_OUTSIDE: RegExp[] = [
  /\bbank\s*(?:transfer|deposit|account|details)\b/i,
  /\baccount\s*(?:number|no\.?)\b/i,
  /\bwire(?:d)?\s+(?:transfer|the\s+money|money|me|it|payment|the\s+payment)\b/i,
  /\b(?:money|funds?)\s+transfer\b|\btransfer\s+(?:the\s+)?(?:money|funds?|payment)\b/i,
  /\bgift\s*cards?\b|\b(?:itunes|google\s*play|steam|amazon|apple)\s+(?:gift\s+)?(?:cards?|vouchers?)\b/i,
  /\bcourier\b[^.!?]{0,40}\b(?:deposit|fee|charge|advance|payment|money|cost)\b/i,
  /\b(?:deposit|advance|fee|charge)\b[^.!?]{0,30}\bcourier\b/i,
  /\badvance\s+(?:payment|money|deposit)\b|\bpay(?:ment)?\s+(?:in\s+)?advance\b|\bin\s+advance\b/i,
  /\bpay\s+(?:me\s+|you\s+)?first\b|\bsend\s+(?:me\s+)?(?:the\s+)?money\s+first\b/i,
  /\b(?:token|booking|security)\s+money\b/i,
  /\bsend\s+(?:me\s+)?(?:the\s+)?(?:money|payment|cash)\b/i,
  /\bpay\s+(?:me\s+)?(?:directly|outside|off\s+(?:the\s+)?(?:app|site|recell))\b/i,
  /\b(?:b\s*-?\s*kash|bikash|nagad|rocket\s+(?:number|account|no)|upay|western\s*union|money\s*gram|paypal|payoneer|zelle|venmo|cash\s*app|skrill)\b/i,
  /\b(?:crypto|bitcoin|btc|usdt|tether|ethereum|eth\s+wallet|binance)\b/i,
  /\bmobile\s+banking\b/i,
  /\bpay\s+(?:me\s+|you\s+)?(?:in\s+|by\s+|with\s+)?cash\b|\bcash\s+on\s+delivery\b/i,
];

/** What was found, in the contract's order; empty when nothing was. */
export function detectSafety(text: string | undefined): SafetyFinding[] {
  if (!text) return [];
  const found = new Set<SafetyFinding>();
  if (hasPhoneNumber(text)) found.add('phone_number');
  // An address's domain is not a link of its own: links are looked for in what the addresses leave.
  const rest = text.replace(EMAIL, ' ').replace(SPOKEN_EMAIL, ' ');
  const matches = links(rest);
  if (rest !== text || matches.some((m) => m.schema === 'mailto:')) found.add('email');
  if (matches.some((m) => m.schema !== 'mailto:')) found.add('link');
  if (PAY_OUTSIDE.some((pattern) => pattern.test(text))) found.add('pay_outside');
  return (['phone_number', 'email', 'link', 'pay_outside'] as const).filter((kind) => found.has(kind));
}
