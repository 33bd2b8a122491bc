// The shared facts of a message: its limits, and the banner's words for what safety detection finds
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

/**
 * Why a message cannot be sent, in the words both the server and the mocks answer with (status, code, message),
 * checked in this order: a removed listing closes its conversations; a block either way stops the writer.
 */
export const MESSAGE_REFUSALS = {
  closed: {
    status: 409,
    code: 'conversation_closed',
    message: 'This listing was removed, so its conversations are closed',
  },
  blockedYou: { status: 403, code: 'blocked', message: 'You can no longer message this person' },
  youBlocked: {
    status: 403,
    code: 'blocked',
    message: 'You blocked this person; unblock them to send a message',
  },
  duplicateReport: { status: 409, code: 'duplicate', message: 'You already reported this message' },
} as const;

export type MessageRefusal = (typeof MESSAGE_REFUSALS)[keyof typeof MESSAGE_REFUSALS];

/** The refusal of a send, if any, from what is true of the conversation now. */
export function sendRefusal(facts: {
  closed: boolean;
  /** The recipient blocked the writer. */
  blockedYou: boolean;
  /** The writer blocked the recipient. */
  youBlocked: boolean;
}): MessageRefusal | undefined {
  if (facts.closed) return MESSAGE_REFUSALS.closed;
  if (facts.blockedYou) return MESSAGE_REFUSALS.blockedYou;
  if (facts.youBlocked) return MESSAGE_REFUSALS.youBlocked;
  return undefined;
}
