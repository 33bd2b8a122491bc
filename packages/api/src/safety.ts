// What a message carries that would take a deal off ReCell, for the recipient's banner and for moderation. One
// pure module: the server stores it with each message, the mocks answer with it, the web words the banner from
// it. It is a warning, not a filter: the message is delivered whatever is found.
import type { components } from './generated/schema';

export type SafetyFinding = components['schemas']['SafetyFinding'];

/** A message's text and pictures (the contract's MessageText and MessagePictures). */
export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_PICTURES_MAX = 4;
/** The Inbox's preview of a message's text (Conversation.lastMessage.preview). */
export const MESSAGE_PREVIEW_MAX = 140;

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
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

/**
 * A phone number is 9 to 14 digits once spelled-out digits are digits and what people put between digits
 * (spaces, dots, dashes, commas, slashes, brackets, a leading +) is gone. Below 9 are prices and dates; 15 is an
 * IMEI, which buyers ask for.
 */
function hasPhoneNumber(text: string): boolean {
  const digits = text
    .toLowerCase()
    .replace(
      /\b(zero|oh|one|two|three|four|five|six|seven|eight|nine)\b/g,
      (word) => DIGIT_WORDS[word] ?? word,
    )
    // the letter o and l typed for 0 and 1 inside a run of digits
    .replace(/(?<=\d[\s.-]*)[o](?=[\s.-]*\d)/g, '0')
    .replace(/(?<=\d[\s.-]*)[l](?=[\s.-]*\d)/g, '1');
  for (const run of digits.match(/\+?\d(?:[\s.,\-/()]*\d)*/g) ?? []) {
    const count = run.replace(/\D/g, '').length;
    if (count >= 9 && count <= 14) return true;
  }
  return false;
}

const EMAIL =
  /[\p{L}\p{N}._%+-]+\s*(?:@|\(at\)|\[at\])\s*[\p{L}\p{N}-]+(?:\s*(?:\.|\(dot\)|\[dot\])\s*[a-z]{2,})+/iu;

const LINK =
  /\bhttps?:\/\/|\bwww\s*\.|\b(?:wa|t)\.me\b|\b[a-z0-9-]{2,}\s*\.\s*(?:com|net|org|io|me|ly|bd|co|info|xyz|link|app|shop|biz)\b/i;

/** Words that ask to pay, or move the deal, outside ReCell (the scams the handover code protects against). */
const PAY_OUTSIDE = new RegExp(
  [
    'bank\\s*transfer',
    'wire\\s*transfer',
    'bank\\s*(?:account|deposit)',
    'western\\s*union',
    'money\\s*gram',
    'gift\\s*cards?',
    '(?:itunes|google\\s*play|steam|amazon)\\s*cards?',
    'courier\\s*(?:deposit|fee|charge|payment)',
    'delivery\\s*(?:deposit|fee|charge)',
    'advance\\s*(?:payment|deposit)',
    'pay\\s*(?:me\\s*)?(?:directly|outside|in\\s*advance|upfront|first)',
    'outside\\s*(?:of\\s*)?recell',
    'b\\s*kash',
    'nagad',
    'rocket\\s*(?:number|account|no)',
    'pay\\s*pal',
    'crypto',
    'bitcoin',
    'usdt',
  ].join('|'),
  'i',
);

/** What `text` carries, in the contract's order; empty when nothing was found. */
export function detectSafety(text: string | undefined): SafetyFinding[] {
  if (!text) return [];
  const normalized = text.normalize('NFKC');
  const found: SafetyFinding[] = [];
  if (hasPhoneNumber(normalized)) found.push('phone_number');
  if (EMAIL.test(normalized)) found.push('email');
  // an address's domain is not a link of its own
  if (LINK.test(normalized.replace(new RegExp(EMAIL.source, 'giu'), ' '))) found.push('link');
  if (PAY_OUTSIDE.test(normalized)) found.push('pay_outside');
  return found;
}

/** The banner's words for each finding: what was found, in plain language. */
export const SAFETY_FINDING_TEXT: Record<SafetyFinding, string> = {
  phone_number: 'a phone number',
  email: 'an email address',
  link: 'a link',
  pay_outside: 'a request to pay outside ReCell',
};

/** Why it matters, said once under the findings. */
export const SAFETY_ADVICE =
  'Pay only through ReCell: your payment is held until you give the seller your handover code at the meetup. ' +
  'Money sent any other way (bank transfer, gift cards, a courier deposit) is not protected and cannot be ' +
  'refunded.';
