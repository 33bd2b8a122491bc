// Messages' rate limits, with small limits: messages per sender per window, and new conversations per
// hour, fewer for an account younger than a day. Both answer 429 in the contract's Error shape with a sentence.
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@recell/api/fixtures';
import { createListing } from './support/fixtures';
import { call, useServer, type Persona } from './support/harness';

const ctx = useServer({
  RATE_LIMIT_MESSAGES: '4',
  RATE_LIMIT_CONVERSATIONS: '3',
  RATE_LIMIT_CONVERSATIONS_NEW_ACCOUNT: '2',
});

const start = async (persona: Persona, text = 'Still available?') =>
  call(ctx.app.server, 'post', '/api/conversations', {
    token: persona.token,
    body: { mobileId: await createListing(ctx.app.server, ctx.people.seller.token), text },
  });

describe('rate limits on messages', () => {
  it('lets an account younger than a day start fewer conversations an hour than an older one', async () => {
    // every test account was made just now: young
    expect((await start(ctx.people.otherBuyer)).status).toBe(201);
    expect((await start(ctx.people.otherBuyer)).status).toBe(201);
    const third = await start(ctx.people.otherBuyer);
    expect(third.status).toBe(429);
    expect(third.body).toEqual({
      message: 'You have started too many conversations in the last hour; please try again later',
    });

    await ctx.app.db.run('UPDATE users SET created_at = ? WHERE id = ?', [
      new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString(),
      demoAccounts.buyer._id,
    ]);
    const first = await start(ctx.people.buyer);
    expect(first.status).toBe(201);
    // A start that adds to an existing conversation makes nothing new, so it does not count.
    const again = await call(ctx.app.server, 'post', '/api/conversations', {
      token: ctx.people.buyer.token,
      body: { mobileId: first.body.mobileId, text: 'Hello again' },
    });
    expect(again.status).toBe(200);
    expect((await start(ctx.people.buyer)).status).toBe(201);
    expect((await start(ctx.people.buyer)).status).toBe(201);
    // Four messages so far: the fifth is refused by the message limit before the conversation count.
    const fifth = await start(ctx.people.buyer);
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({
      message: 'You are sending messages too fast; please wait a minute and send it again',
    });
  });

  it('counts messages per sender, not per conversation or per address', async () => {
    const sellerStarts = await call(ctx.app.server, 'get', '/api/conversations', {
      token: ctx.people.seller.token,
    });
    const conversation = (sellerStarts.body as { items: { _id: string }[] }).items[0]!._id;
    const send = () =>
      call(ctx.app.server, 'post', `/api/conversations/${conversation}/messages`, {
        token: ctx.people.seller.token,
        body: { text: 'Yes it is' },
      });
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push((await send()).status);
    expect(answers).toEqual([201, 201, 201, 201, 429]);
    // Another sender from the same address is counted apart.
    expect((await start(ctx.people.admin)).status).toBe(201);
  });
});
