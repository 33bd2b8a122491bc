// The shared facts of a message (issue 23): its limits, and the banner's words for what safety detection finds
// (detection itself is @recell/api/safety: the server stores its findings, the mocks answer with them).
import type { components } from './generated/schema';

export type SafetyFinding = components['schemas']['SafetyFinding'];

/** A message's text and pictures (the contract's MessageText and MessagePictures). */
export const MESSAGE_TEXT_MAX = 2000;
export const MESSAGE_PICTURES_MAX = 4;
/** The Inbox's preview of a message's text (Conversation.lastMessage.preview). */
export const MESSAGE_PREVIEW_MAX = 140;

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
