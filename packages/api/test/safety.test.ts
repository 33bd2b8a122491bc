// The banner's detection on a table of messages, with what it misses listed as misses (not hidden).
import { describe, expect, it } from 'vitest';
import { messages } from '../src/fixtures';
import { detectSafety, type SafetyFinding } from '../src/safety';

const table: [text: string, expected: SafetyFinding[]][] = [
  ['Is the battery still above 85 %?', []],
  ['I can pay 35,000 taka, meet on 25.11.2026 at 6 pm', []],
  ['The IMEI is 356938035643809, please check it', []],
  ['Call me on 01712345678', ['phone_number']],
  ['+880 1712-345-678', ['phone_number']],
  ['017 12 34 56 78', ['phone_number']],
  ['0171.234.5678', ['phone_number']],
  ['zero one seven one two three four five six seven eight', ['phone_number']],
  ['my number: o17l2345678', ['phone_number']],
  ['write to rahim.seller@gmail.com', ['email']],
  ['rahim (at) gmail (dot) com', ['email']],
  ['see https://example.org/phone', ['link']],
  ['photos on www.example.org', ['link']],
  ['message me on wa.me/8801712345678', ['phone_number', 'link']],
  ['Send a bank transfer to hold it', ['pay_outside']],
  ['Pay with Google Play gift cards please', ['pay_outside']],
  ['The courier deposit is 500 taka', ['pay_outside']],
  ['bKash me the advance payment', ['pay_outside']],
  ['Pay me directly, outside ReCell, it is cheaper', ['pay_outside']],
];

/** Written to slip past it: the banner does not catch these (the moderation report does). */
const misses = [
  'call me on oh seventeen, twelve, three four five six seven eight',
  'my number is the one on my profile picture',
  'zero-one-seven, then 12, then three-four-five, then 678',
  'send the money the usual way, you know',
];

describe('safety detection', () => {
  it.each(table)('%s', (text, expected) => {
    expect(detectSafety(text)).toEqual(expected);
  });

  it('misses these, as listed', () => {
    // "seventeen" is not a digit word; "then" between the parts splits the run; no number or payment is named
    for (const text of misses) expect(detectSafety(text)).not.toContain('pay_outside');
    expect(misses.map((text) => detectSafety(text).includes('phone_number'))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("flags the seed's disguised number and bank transfer, and nothing in the others", () => {
    const found = messages.map((message) => [message._id, detectSafety(message.text)]);
    expect(Object.fromEntries(found)).toEqual({
      'msg-demo-1': [],
      'msg-demo-2': [],
      'msg-demo-3': [],
      'msg-demo-4': [],
      'msg-demo-5': [],
      'msg-demo-6': ['phone_number', 'pay_outside'],
    });
  });
});
