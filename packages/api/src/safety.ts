// What a message carries that takes a deal off ReCell, for the recipient's banner: a phone number, an
// email address, a link, or words asking to pay outside ReCell. Pure: text in, findings out. Detection that only
// looks for well-written text is easy to bypass, so the text is first folded the ways people disguise it (issue
// 42): full-width, mathematical and other scripts' digits (Bengali, Devanagari, ...) as 0-9, digits spelled out
// ("zero one seven", "shunno ek", "শূন্য এক", "double five"), a number split by separators or a few words
// ("017 then 1234 then 5678"), an address spoken or spaced ("name at the rate gmail dot com", "name @ gmail . com",
// "name＠gmail．com"), a link defanged ("hxxp://x[.]com"), a word spelled letter by letter ("b.k.a.s.h"). A
// messenger contact ("telegram @name", "whatsapp, same name") is reported as a link: an address off ReCell. It is
// a warning, not a filter: the message is delivered either way, so a false alarm costs a banner.
// What it still misses is listed in test/safety.test.ts. One module for the server and
// the mocks (its own entry, @recell/api/safety, so the web's bundle never carries libphonenumber's metadata).
import { findPhoneNumbersInText } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';
import type { components } from './generated/schema';

export type SafetyFinding = components['schemas']['SafetyFinding'];

/** ReCell's market: a number written without a country code is read as Bangladeshi. */
const DEFAULT_COUNTRY = 'BD';

// ---------------------------------------------------------------------------------------------------------------
// Folding: the one text every check reads.

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/**
 * A decimal digit of any script, as its ASCII digit. Unicode encodes every script's decimal digits as a
 * contiguous run from 0 to 9 (some runs hold several sets back to back, as the mathematical digits do), so a
 * digit's value is its distance from the start of its run, modulo ten: no table to keep.
 */
function asciiDigit(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return String((code - start) % 10);
}

/**
 * Invisible characters pasted into a word or a number to break it up: the soft hyphen, zero-width spaces and
 * joiners, direction marks, embeddings and isolates, the word joiner and BOM, variation selectors and the keycap of
 * emoji digits (1️⃣).
 */
const INVISIBLE =
  /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]|\p{Variation_Selector}|\u20e3/gu;

/**
 * The text as detection reads it: NFKC (full-width, mathematical and circled letters and digits, the full-width @
 * and full stop as plain ones), every script's decimal digits as 0-9, no invisible characters, lower case.
 */
function fold(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/(?![0-9])\p{Nd}/gu, asciiDigit)
    .toLowerCase();
}

/** Separators people put between the letters of a word they spell out: "b.k.a.s.h", "g m a i l", "r-o-c-k-e-t". */
const LETTER_GAP = String.raw`[\s.\-_*|,/\\+~'"]`;
const SPELLED_OUT = new RegExp(
  String.raw`(?<![a-z0-9])[a-z](?:${LETTER_GAP}{1,3}[a-z](?![a-z0-9])){2,}`,
  'g',
);

/** Words spelled out letter by letter, written as words: "r.a.h.i.m at g m a i l" is "rahim at gmail". */
const joinSpelled = (text: string) => text.replace(SPELLED_OUT, (run) => run.replace(/[^a-z]/g, ''));

// ---------------------------------------------------------------------------------------------------------------
// Phone numbers

const UNITS: Record<string, string> = {
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
  // Bangla, as written in Latin letters ("at" and "sat" are left out: "meet at 6", "Sat")
  shunno: '0',
  shunyo: '0',
  sunno: '0',
  ek: '1',
  dui: '2',
  tin: '3',
  char: '4',
  pach: '5',
  panch: '5',
  choy: '6',
  chhoy: '6',
  saat: '7',
  shat: '7',
  aat: '8',
  aath: '8',
  noy: '9',
  noi: '9',
};
const TEENS: Record<string, string> = {
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  sixteen: '16',
  seventeen: '17',
  eighteen: '18',
  nineteen: '19',
};
const TENS: Record<string, string> = {
  twenty: '2',
  thirty: '3',
  forty: '4',
  fourty: '4',
  fifty: '5',
  sixty: '6',
  seventy: '7',
  eighty: '8',
  ninety: '9',
};
/** Bangla digit words in Bengali script, folded as the text is (ছয় with its nukta either way). */
const BANGLA_UNITS: Record<string, string> = Object.fromEntries(
  (
    [
      ['শূন্য', '0'],
      ['শুন্য', '0'],
      ['এক', '1'],
      ['দুই', '2'],
      ['তিন', '3'],
      ['চার', '4'],
      ['পাঁচ', '5'],
      ['পাচ', '5'],
      ['ছয়', '6'],
      ['ছয়', '6'],
      ['সাত', '7'],
      ['আট', '8'],
      ['নয়', '9'],
      ['নয়', '9'],
    ] as const
  ).map(([word, digit]) => [fold(word), digit]),
);

const alternation = (words: string[]) => [...words].sort((a, b) => b.length - a.length).join('|');
// Not inside a word ("someone", "often", "seventy"), but next to digits ("o1seven12") is fine.
const wordOf = (words: string[]) => new RegExp(`(?<![a-z])(${alternation(words)})(?![a-z])`, 'g');
const UNIT_WORD = wordOf(Object.keys(UNITS));
const TEEN_WORD = wordOf(Object.keys(TEENS));
const TENS_WORD = new RegExp(
  `(?<![a-z])(${alternation(Object.keys(TENS))})(?:[\\s-]+(${alternation(Object.keys(UNITS))}))?(?![a-z])`,
  'g',
);
const BANGLA_UNIT_WORD = new RegExp(
  `(?<![\\p{L}\\p{M}])(${alternation(Object.keys(BANGLA_UNITS))})(?![\\p{L}\\p{M}])`,
  'gu',
);

/** Digits as people write them to slip past a filter, as digits (the separators between them kept). */
function spokenDigits(text: string): string {
  return (
    text
      .replace(
        TENS_WORD,
        (_m, tens: string, unit?: string) => (TENS[tens] ?? '') + (unit ? (UNITS[unit] ?? '') : '0'),
      )
      .replace(TEEN_WORD, (word) => TEENS[word] ?? word)
      .replace(UNIT_WORD, (word) => UNITS[word] ?? word)
      .replace(BANGLA_UNIT_WORD, (word) => BANGLA_UNITS[word] ?? word)
      // letters for digits: the letter o for a zero beside a digit, a lone I or l between digits for a one
      .replace(/(?<![a-z])o(?=[\s.-]*\d)|(?<=\d[\s.-]*)o(?![a-z])/g, '0')
      .replace(/(?<=\d[\s.-]*)[il](?![a-z])(?=[\s.-]*\d)/g, '1')
      .replace(/\b(double|triple)[\s-]*(\d)/g, (_m, times: string, d: string) =>
        d.repeat(times === 'double' ? 2 : 3),
      )
  );
}

/** Separators between digits: spaces, dots, dashes, commas, slashes, brackets, underscores, "and", "dot", "dash". */
const joinDigits = (text: string) =>
  text.replace(/(\d)(?:[\s.,\-_/()[\]*|:;'"~]|\b(?:and|dot|dash|hyphen)\b)+(?=[\d+])/g, '$1');

/** A Bangladeshi mobile number (01[3-9] and eight more digits, with or without +880) in a run of digits. */
const BD_MOBILE = /(?:\+?880|\b0)1[3-9]\d{8}(?!\d)/;
const BD_MOBILE_WHOLE = /^(?:\+?880|0)1[3-9]\d{8}$/;

/**
 * Between two pieces of a number split by words ("017 then 1234 then 5678", "0171 ok 234 hmm 5678"): at most three
 * short words, no digit, nothing that ends a question or names a quantity: "128 GB, then 45000 tk" is two
 * quantities, not a number.
 */
const WORD_GAP = /^[\p{L}\p{M}\s,.:;\-–—()'"/]{1,24}$/u;
const QUANTITY_WORD =
  /(?<![\p{L}\p{M}])(?:gb|tb|mb|gig|tk|taka|bdt|usd|dollars?|mah|mp|hz|inch(?:es)?|k|pro|max|plus|ultra|mini|lite|years?|yrs?|months?|days?|hours?|hrs?|min(?:ute)?s?|pm|am|pcs|pieces?|percent|sector|road|house|block|floor|flat|model|imei|ram|rom|bochor|mash|din|ta|ti|টাকা)(?![\p{L}\p{M}])/u;

function numberSplitByWords(digits: string): boolean {
  const pieces = [...digits.matchAll(/\+?\d+/g)];
  for (const [i, first] of pieces.entries()) {
    if (!/^(?:\+?880|0\d\d)/.test(first[0])) continue;
    let number = first[0];
    let end = first.index + first[0].length;
    for (const next of pieces.slice(i + 1)) {
      const gap = digits.slice(end, next.index);
      if (next[0].length < 2 || !WORD_GAP.test(gap) || QUANTITY_WORD.test(gap)) break;
      if ((gap.match(/[\p{L}\p{M}]+/gu) ?? []).length > 3) break;
      number += next[0];
      end = next.index + next[0].length;
      if (BD_MOBILE_WHOLE.test(number)) return true;
      if (number.length >= 14) break;
    }
  }
  return false;
}

/**
 * The phone numbers libphonenumber finds that are written as people write a number: with its trunk 0 or country
 * code (0171..., 02-..., +44..., 880...), or a Bangladeshi mobile without its 0. A run of digits it reads as a
 * landline without its 0 is a masked IMEI ("35-209900-******-1"), a serial or a price, not a number to call.
 */
const hasNumberIn = (text: string) =>
  findPhoneNumbersInText(text, DEFAULT_COUNTRY).some(
    ({ startsAt, number }) =>
      /^[^\d+]*(?:\+|0|880)/.test(text.slice(startsAt)) || /^1[3-9]\d{8}$/.test(number.nationalNumber),
  );

function hasPhoneNumber(plain: string): boolean {
  if (hasNumberIn(plain)) return true;
  const digits = joinDigits(spokenDigits(plain));
  return BD_MOBILE.test(digits) || hasNumberIn(digits) || numberSplitByWords(digits);
}

// ---------------------------------------------------------------------------------------------------------------
// Email addresses

// An address's name starts where a run of its characters does: the regexes stay linear on a long dotted word.
const EMAIL = /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
/** An @ written out: "@" with spaces around it, "(at)", "[@]", "{at}". */
const AT_SIGN = String.raw`\s*(?:@|[([{<]\s*(?:at|@)\s*[)\]}>])\s*`;
/** An @ said: " at ", " at the rate " (how "@" is read out in Bangladesh and India), " at the rate of ". */
const AT_SAID = String.raw`\s+at(?:\s+the\s+rate(?:\s+of)?)?\s+`;
/** A dot written out: "." with spaces around it, "(dot)", "[.]", " dot ". */
const DOT_SIGN = String.raw`(?:\s*(?:\.|[([{<]\s*(?:dot|\.)\s*[)\]}>])\s*|\s+dot\s+)`;
/**
 * A dot said, after a said at: " dot ", "(dot)". Not "." alone: "cheaper at shop-bd.net" is a link, not an address
 * (an address at a mail provider, "rahim at gmail.com", is PROVIDER_EMAIL's).
 */
const DOT_SAID = String.raw`(?:\s*[([{<]\s*dot\s*[)\]}>]\s*|\s+dot\s+)`;
const TLD = String.raw`(?:com|net|org|info|io|co|me|bd|edu|gov|ac|uk|us|in|xyz)\b`;
const LOCAL = String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]+`;
const LABEL = String.raw`[a-z0-9-]+`;
/** "name @ gmail . com", "name(at)yahoo(dot)com", "name[@]outlook[.]com", "name at the rate gmail dot com" */
const SPOKEN_EMAIL = new RegExp(
  String.raw`${LOCAL}(?:${AT_SIGN}${LABEL}(?:${DOT_SIGN}${LABEL})*?${DOT_SIGN}|${AT_SAID}${LABEL}(?:${DOT_SAID}${LABEL})*?${DOT_SAID})${TLD}`,
  'gi',
);
/** "name at gmail", "name@yahoo": a mail provider's name is an address even without its ending. */
const PROVIDER_EMAIL = new RegExp(
  String.raw`${LOCAL}(?:${AT_SIGN}|${AT_SAID})(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton)`,
  'gi',
);
const EMAILS = [EMAIL, SPOKEN_EMAIL, PROVIDER_EMAIL];

// ---------------------------------------------------------------------------------------------------------------
// Links and messenger contacts

const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });

/** A defanged or spoken link as a link: "hxxp://x[.]com", "example dot com", "www . shop . com", "x(.)com". */
const unhide = (text: string) =>
  text
    .replace(/\bh(?:xx|\*\*|tt)p(s?)\b/gi, 'http$1')
    .replace(/\s*[([{]\s*(?:dot|\.)\s*[)\]}]\s*|\s+dot\s+/gi, '.')
    .replace(/\s*[([{]\s*:\s*[)\]}]\s*/g, ':')
    .replace(/\s*[([{]\s*\/\s*[)\]}]\s*/g, '/')
    .replace(/(\w)\s+\.\s+(\w)/g, '$1.$2');

const links = (text: string) => [...(linkify.match(text) ?? []), ...(linkify.match(unhide(text)) ?? [])];

/** Messengers a deal moves to. "signal", "imo" ("in my opinion") and "messenger" are ordinary words too. */
const MESSENGER = String.raw`(?:whats\s?app|whatsap|watsapp|wtsapp|telegram|tg|imo|viber|signal|messenger|wechat|skype|snapchat|instagram|insta|ig|facebook|fb)`;
/** Not "signal": "signal e call drop hoy" is about the network. */
const CHAT_APP = String.raw`(?:whats\s?app|whatsap|watsapp|wtsapp|telegram|imo|viber|messenger|wechat|skype|insta(?:gram)?)`;
const HANDLE = String.raw`(?<![\w.@])@[a-z0-9_][a-z0-9_.]{2,}`;
/** A handle without its @, told from a word by its digits, dots or underscores: "rahim_bd", "rahim.phones", "rahim77". */
const BARE_HANDLE = String.raw`[a-z][a-z0-9_.]*[_.\d][a-z0-9_.]*[a-z0-9]`;
const CONTACT_ELSEWHERE: RegExp[] = [
  // "telegram @rahim_bd", "my telegram is @rahim", "tg: @rahim", "@rahim_bd on telegram"
  new RegExp(
    String.raw`\b${MESSENGER}\b[\s:,\-–]*(?:(?:id|user\s?name|handle|is|me|at|on|e|te)\b[\s:,\-–]*){0,3}${HANDLE}`,
  ),
  new RegExp(String.raw`${HANDLE}\s+(?:on|in|at|via)\s+${MESSENGER}\b`),
  // "imo id rahim77", "telegram username"
  new RegExp(String.raw`\b${MESSENGER}\s*(?:id|user\s?name|handle)\b`),
  // "whatsapp, same name", "imo te same number", "same name on telegram"
  new RegExp(
    String.raw`\b${MESSENGER}\b[^.!?\n]{0,20}\bsame\s+(?:name|nam|naam|number|nombor|no|id|user\s?name|handle)\b`,
  ),
  new RegExp(
    String.raw`\bsame\s+(?:name|nam|naam|number|no|id|user\s?name|handle)\s+(?:on|in|at)\s+${MESSENGER}\b`,
  ),
  // "message me on WhatsApp", "add me on imo", "find me on telegram", "let's talk on telegram", "available on viber"
  // (not "video call on WhatsApp works": a feature of the phone)
  new RegExp(
    String.raw`\b(?:add|message|msg|text|dm|ping|call|knock|nok|contact|find|reach|inbox|talk\s+to|write)\s+(?:me|us)\s+(?:on|in|at|via|through|over|by)\s+${MESSENGER}\b`,
  ),
  new RegExp(
    String.raw`\b(?:let'?s\s+(?:talk|chat|continue)|available|active)\s+(?:also\s+)?(?:on|in|over|via)\s+${MESSENGER}\b`,
  ),
  // "whatsapp me", "telegram me"
  new RegExp(String.raw`\b(?:whats\s?app|telegram|viber)\s+(?:me|us)\b`),
  // "what's your WhatsApp number", "amar imo number", "tomar telegram id"
  new RegExp(
    String.raw`\b(?:your|ur|my|tomar|apnar|amar|tor)\s+${MESSENGER}\s+(?:number|num|no|nombor|id|user\s?name|handle)\b`,
  ),
  // "my telegram is rahim_bd", "amar ig rahim.phones" (not "my whatsapp is not working", nor "my signal is ok")
  new RegExp(String.raw`\b(?:my|amar)\s+(?:${CHAT_APP}|tg|ig|fb)\s*(?:id|is|:|-)?\s*${BARE_HANDLE}`),
  // Bangla-English: "whatsapp e nok den", "imo te call diben", "telegram e ashen"
  new RegExp(
    String.raw`\b${CHAT_APP}\s*-?\s*(?:e|te|a|y)\s+(?:nok|knock|msg|message|text|inbox|add|call|kol|kotha|ashen|asen|aso|ashun|pabe|paben|chat)\b`,
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// Paying outside ReCell

/** Payment apps a word spelled out or in look-alikes gives away: "b.k.a.s.h", "n a g a d", "r-o-c-k-e-t", "bKa$h". */
const LOOKALIKE: Record<string, string> = { a: '[a@4]', s: '[s$5]', o: '[o0]', e: '[e3]', i: '[i1!]' };
const spelled = (word: string) =>
  new RegExp(
    `(?<![a-z0-9])${[...word].map((ch) => LOOKALIKE[ch] ?? ch).join(`${LETTER_GAP}{0,3}`)}(?![a-z0-9])`,
    'g',
  );
// "upay" is left out: "if u pay" is ordinary talk.
const DISGUISED_APPS = ['bkash', 'bikash', 'nagad', 'rocket'].map((name) => ({
  name,
  pattern: spelled(name),
}));
function disguisedPaymentApp(text: string): boolean {
  return DISGUISED_APPS.some(({ name, pattern }) => {
    return [...text.matchAll(pattern)].some((match) => match[0] !== name);
  });
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
  // "thanks in advance" is manners, not a payment
  /\badvance\s+(?:payment|money|deposit)\b|\bpay(?:ment)?\s+(?:in\s+)?advance\b|(?<!\bthanks?(?:\s+you)?\s+)\bin\s+advance\b/i,
  /\bpay\s+(?:me\s+|you\s+)?first\b|\bsend\s+(?:me\s+)?(?:the\s+)?money\s+first\b/i,
  /\b(?:token|booking|security)\s+money\b|\btoken\s+(?:of\s+)?(?:tk\.?\s*|৳\s*)?\d{3,}/i,
  /\bsend\s+(?:me\s+)?(?:the\s+)?(?:money|payment|cash)\b/i,
  /\bpay\s+(?:me\s+)?(?:directly|outside|off\s+(?:the\s+)?(?:app|site|recell))\b/i,
  /\b(?:b\s*-?\s*kash|bikash|nagad|rocket\s+(?:number|account|no)|upay|western\s*union|money\s*gram|paypal|payoneer|zelle|venmo|cash\s*app|skrill)\b/i,
  /\b(?:crypto|bitcoin|btc|usdt|tether|ethereum|eth\s+wallet|binance)\b/i,
  /\bmobile\s+banking\b/i,
  /\bpay\s+(?:me\s+|you\s+)?(?:in\s+|by\s+|with\s+)?cash\b|\bcash\s+on\s+delivery\b/i,
  // Rocket (DBBL's mobile banking) with what it is for: "rocket e pathan", "pay via rocket", "rocket personal"
  /\b(?:via|by|through|with|using)\s+rocket\b|\brocket\b[^.!?\n]{0,12}\b(?:personal|agent|acc|pathan|pathao|pathaben|korben|koren|korun|send|transfer|payment|pay|first|age|aage)\b/i,
  // "advance" in Bangla: agrim, ogrim, অগ্রিম; the payment apps in Bengali script
  /\b(?:agrim|ogrim)\b|(?<![\p{L}\p{M}])(?:অগ্রিম|বিকাশ|বিকাস|নগদ|রকেট)/iu,
];

/** Money: an amount with its currency, or a money word. */
const MONEY = String.raw`(?:(?:[৳$]|\btk\.?|\bbdt|\brs\.?)\s*\d[\d,.]*k?|\d[\d,.]*\s*k?\s*(?:(?:taka|tk|bdt|usd|dollars?|rs|rupees?)\b|[৳$]|টাকা)|\b(?:money|payment|advance|deposit|cash|fee|token|taka)\b)`;
/**
 * An amount of hundreds or more without its currency ("send 500 first"), not a size or a count ("send the 360
 * video first", "200 more photos").
 */
const AMOUNT = String.raw`\d{3,}[\d,]*k?\b(?!\s*(?:more\s+|other\s+|new\s+)?(?:gb|tb|mb|degrees?|°|fps|mp|hz|mah|p|w|x|pcs|pieces?|photos?|pictures?|pics?|videos?)\b)`;
const PAY_VERB = String.raw`(?:send|pay|give|transfer|deposit|bkash|nagad|pathan|pathao|pathaben|pathiye|diben|dite\s+hobe|den|dien)`;
const PAY_VERB_AFTER = String.raw`(?:send|pay|pathan|pathao|pathaben|pathiye|den|dien|diben|dao|diye|dite\s+hobe|korben|koren|korte\s+hobe|bkash|nagad|rocket|lagbe)`;
/**
 * Asking for money before the phone is seen: "send 500 taka first for courier", "500 tk age pathan", "pay before
 * meeting". Read one sentence at a time, and not in a sentence that pays through ReCell ("pay through ReCell before
 * we meet" is how ReCell works).
 */
const PAY_FIRST: RegExp[] = [
  // "send 500 taka first for courier", "send 500 for courier first", "pay 1000 tk upfront"
  new RegExp(
    String.raw`\b${PAY_VERB}\b[^.!?\n]{0,30}?(?:${MONEY}|${AMOUNT})[^.!?\n]{0,30}?\b(?:first|upfront|up\s+front|beforehand|advance)\b`,
  ),
  // "send 500 tk for the courier": money for a courier is the classic advance
  new RegExp(
    String.raw`\b${PAY_VERB}\b[^.!?\n]{0,20}?(?:${MONEY}|${AMOUNT})[^.!?\n]{0,20}?\b(?:courier|parcel|delivery\s+(?:charge|fee))\b`,
  ),
  new RegExp(
    String.raw`${MONEY}\s+(?:ta\s+)?(?:age|aage|agey|agei|advance|agrim|ogrim|upfront)\b[^.!?\n,]{0,12}\b${PAY_VERB_AFTER}\b`,
  ),
  // "advance 500 dite hobe"
  new RegExp(String.raw`\b(?:advance|agrim|ogrim)\s+(?:${MONEY}|${AMOUNT})\s+(?:\S+\s+)?${PAY_VERB_AFTER}\b`),
  new RegExp(
    String.raw`${MONEY}\s+(?:first|upfront|up\s+front)\s*(?:,|then\b|and\s+then\b|for\b|before\b|to\b|$)`,
  ),
  /\b(?:pay|payment|money|taka)\b[^.!?\n]{0,20}\bbefore\s+(?:the\s+|we\s+|our\s+|i\s+|you\s+)?(?:meet\w*|deliver\w*|ship\w*|send\w*|come|coming|handover|hand\s+over|dekha)\b/,
  /\b(?:meet\w*|dekha|delivery|courier)\s*(?:er|r)?\s+(?:age|aage|agey)\b[^.!?\n]{0,20}\b(?:pay|payment|taka|tk|money|bkash|nagad|advance)\b/,
];
const PAYS_THROUGH_RECELL = /\b(?:through|via|on|in|with|using)\s+(?:recell|the\s+app)\b|\bhandover\s+code\b/;

function asksToPayOutside(plain: string): boolean {
  const texts = [plain, joinSpelled(plain)];
  if (texts.some((text) => PAY_OUTSIDE.some((pattern) => pattern.test(text)) || disguisedPaymentApp(text))) {
    return true;
  }
  return plain
    .split(/[!?\n]+|\.(?:\s+|$)/)
    .some((sentence) => !PAYS_THROUGH_RECELL.test(sentence) && PAY_FIRST.some((p) => p.test(sentence)));
}

// ---------------------------------------------------------------------------------------------------------------

/** What was found, in the contract's order; empty when nothing was. */
export function detectSafety(text: string | undefined): SafetyFinding[] {
  if (!text) return [];
  const plain = fold(text);
  const joined = joinSpelled(plain);
  const found = new Set<SafetyFinding>();
  if (hasPhoneNumber(plain)) found.add('phone_number');
  // An address's domain is not a link of its own: links are looked for in what the addresses leave.
  const rest = EMAILS.reduce((left, pattern) => left.replace(pattern, ' '), plain);
  const matches = links(rest);
  // "r.a.h.i.m at g m a i l": an address spelled out letter by letter
  const spelledEmail =
    joined !== plain && EMAILS.some((pattern) => new RegExp(pattern.source, 'i').test(joined));
  if (rest !== plain || spelledEmail || matches.some((m) => m.schema === 'mailto:')) found.add('email');
  if (matches.some((m) => m.schema !== 'mailto:') || CONTACT_ELSEWHERE.some((p) => p.test(joined))) {
    found.add('link');
  }
  if (asksToPayOutside(plain)) found.add('pay_outside');
  return (['phone_number', 'email', 'link', 'pay_outside'] as const).filter((kind) => found.has(kind));
}
