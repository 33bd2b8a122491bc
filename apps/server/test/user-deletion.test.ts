// Deleting a user is all or nothing: the database decides first, in one transaction, so
// their access token stops working at once whatever the identity service does; the identity account is removed
// second, and what a failure leaves the reconcile job finishes. Deletes of one user at once: one 200, the rest 404.
import { pino } from 'pino';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { startJobs } from '../src/jobs';
import { signIn, signUpAccount, uniqueEmail } from './support/accounts';
import { book } from './support/fixtures';
import { call, exchange, useServer } from './support/harness';

const ctx = useServer();

/** A buyer signed up and signed in (their record made by GET /jwt), with an unpaid booking. */
async function leavingBuyer() {
  const email = uniqueEmail('leaving');
  const password = 'leaving-pw';
  const token = await exchange(ctx.app, await signUpAccount(email, password));
  const user = await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
  await book(ctx.app.server, token, 'm-samsung-a54');
  return { email, password, token, id: user!.id };
}

const deleteUser = (id: string) =>
  call(ctx.app.server, 'delete', `/api/users/${id}`, { token: ctx.people.admin.token });

const pendingDeletions = async () =>
  (await ctx.app.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM identity_deletions'))?.n;

describe('deleting a user', () => {
  it('is decided by the database first: an identity service that fails leaves nothing half-done', async () => {
    const buyer = await leavingBuyer();
    const identityDown = vi
      .spyOn(ctx.app.identity, 'deleteAccount')
      .mockRejectedValueOnce(new Error('identity service unavailable'));
    onTestFinished(() => identityDown.mockRestore());

    const deleted = await deleteUser(buyer.id);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ deletedCount: 1 });
    expect(identityDown).toHaveBeenCalledTimes(1);

    // The record and their unpaid booking are gone, and their token stops working at once: no new booking.
    expect(await ctx.app.db.get('SELECT id FROM users WHERE id = ?', [buyer.id])).toBeUndefined();
    expect(
      await ctx.app.db.get('SELECT id FROM bookings WHERE buyer_email = ?', [buyer.email]),
    ).toBeUndefined();
    const booking = await call(ctx.app.server, 'post', '/api/bookings', {
      token: buyer.token,
      body: { mobileId: 'm-samsung-a54' },
    });
    expect(booking.status).toBe(401);
    // Their identity account still signs in, but to nothing: no record is made for it again.
    const idToken = await signIn(buyer.email, buyer.password);
    expect((await call(ctx.app.server, 'get', '/api/jwt', { token: idToken })).status).toBe(401);
    const signUp = await call(ctx.app.server, 'post', '/api/usersall', {
      token: idToken,
      body: { name: 'Back Again', role: 'seller' },
    });
    expect(signUp.status).toBe(401);
    expect(await ctx.app.db.get('SELECT id FROM users WHERE email = ?', [buyer.email])).toBeUndefined();
    expect(await pendingDeletions()).toBe(1);

    // Once the identity service works, the reconcile job removes the account and saves the accounts again.
    const saved = vi.spyOn(ctx.app.identity, 'accountsChanged');
    onTestFinished(() => saved.mockRestore());
    const jobs = startJobs(ctx.app.services, ctx.app.db, pino({ level: 'silent' }));
    try {
      await jobs.started;
    } finally {
      jobs.stop();
    }
    await expect(signIn(buyer.email, buyer.password)).rejects.toThrow(
      /EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/,
    );
    expect(await pendingDeletions()).toBe(0);
    expect(saved).toHaveBeenCalled();
    // Run again, it has nothing left to do.
    expect(await ctx.app.services.users.finishIdentityDeletions()).toEqual({ finished: 0, left: 0 });
  });

  it('three deletes of one user at once: one 200, the others 404', async () => {
    const buyer = await leavingBuyer();
    const answers = await Promise.all([deleteUser(buyer.id), deleteUser(buyer.id), deleteUser(buyer.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 404, 404]);
    await expect(signIn(buyer.email, buyer.password)).rejects.toThrow(
      /EMAIL_NOT_FOUND|INVALID_LOGIN_CREDENTIALS/,
    );
    const audited = await ctx.app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'user.delete' AND target = ?",
      [buyer.id],
    );
    expect(audited?.n).toBe(1);
    expect(await pendingDeletions()).toBe(0);
  });
});
