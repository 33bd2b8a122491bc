import { describe, expect, it } from 'vitest';
import { MESSAGE_REFUSALS, sendRefusal } from '../src/messages';

describe('the messages rulebook', () => {
  const none = { closed: false, blockedYou: false, youBlocked: false };

  it('lets a message through when nothing stands in its way', () => {
    expect(sendRefusal(none)).toBeUndefined();
  });

  it('refuses a closed conversation first, then a block by the other, then your own block', () => {
    expect(sendRefusal({ closed: true, blockedYou: true, youBlocked: true })).toBe(MESSAGE_REFUSALS.closed);
    expect(sendRefusal({ ...none, blockedYou: true, youBlocked: true })).toBe(MESSAGE_REFUSALS.blockedYou);
    expect(sendRefusal({ ...none, youBlocked: true })).toBe(MESSAGE_REFUSALS.youBlocked);
  });

  it('never tells the writer that the other blocked them in other words than "no longer"', () => {
    expect(MESSAGE_REFUSALS.blockedYou.message).toBe('You can no longer message this person');
    expect(MESSAGE_REFUSALS.blockedYou.status).toBe(403);
    expect(MESSAGE_REFUSALS.closed).toMatchObject({ status: 409, code: 'conversation_closed' });
  });
});
