// Two-step sign-in against the real Auth emulator: a phone second step is enrolled and signed in with
// through its REST API (the codes read from its verificationCodes endpoint, where a real project would text
// them); the server carries the token's second-factor claim and auth_time into its access token, so an admin
// without a second step is refused by every operation (admin-without-second-step.test.ts), and the step-up
// operations refuse a sign-in older than RECENT_SIGN_IN_SECONDS.
import { describe, expect, it } from 'vitest';
import { RECENT_SIGN_IN_SECONDS } from '@recell/api';
import { otherSeller } from '@recell/api/fixtures';
import {
  finishEnrolment,
  finishSecondStep,
  firstStep,
  idTokenClaims,
  sentCode,
  signIn,
  startEnrolment,
  startSecondStep,
  uniqueEmail,
} from './support/accounts';
import { call, exchange, useServer } from './support/harness';

const newAdminEmail = uniqueEmail('new-admin');
const ctx = useServer({
  ADMIN_EMAILS: newAdminEmail,
  // The real window, not the test default of an hour: the last test ages a sign-in past it.
  RECENT_SIGN_IN_SECONDS: String(RECENT_SIGN_IN_SECONDS),
});

const accessClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

async function verifiedPerson(email: string) {
  const password = `${email}-pw`;
  await ctx.app.identity.ensureAccount({ email, password, name: 'Two Step' });
  return { email, password };
}

/** Enrols a phone for a signed-in person, through the emulator as the firebase SDK does. */
async function enrol(email: string, password: string, phone: string) {
  const { idToken } = await firstStep(email, password);
  const sessionInfo = await startEnrolment(idToken!, phone);
  return finishEnrolment(idToken!, sessionInfo, await sentCode(sessionInfo));
}

describe('enrolling a phone second step', () => {
  it('needs the code sent to the phone; after it, a password alone no longer signs in', async () => {
    const { email, password } = await verifiedPerson(uniqueEmail('enrol'));
    const { idToken } = await firstStep(email, password);
    const sessionInfo = await startEnrolment(idToken!, '+15555550111');
    await expect(finishEnrolment(idToken!, sessionInfo, '000000')).rejects.toThrow(/INVALID_CODE/);
    const enrolled = await finishEnrolment(idToken!, sessionInfo, await sentCode(sessionInfo));
    expect(idTokenClaims(enrolled.idToken).firebase.sign_in_second_factor).toBe('phone');

    const next = await firstStep(email, password);
    expect(next.idToken).toBeUndefined();
    expect(next.mfaPendingCredential).toEqual(expect.any(String));
    expect(next.mfaInfo).toEqual([expect.objectContaining({ phoneInfo: expect.stringContaining('0111') })]);
  });
});

describe('signing in with the second step', () => {
  it('a right code signs in, and the access token says the sign-in had a second step and when it was', async () => {
    const { email, password } = await verifiedPerson(uniqueEmail('two-step'));
    await enrol(email, password, '+15555550112');
    const first = await firstStep(email, password);
    const sessionInfo = await startSecondStep(first);
    const idToken = await finishSecondStep(first, sessionInfo, await sentCode(sessionInfo));
    const firebaseClaims = idTokenClaims(idToken);
    expect(firebaseClaims.firebase.sign_in_second_factor).toBe('phone');

    const claims = accessClaims(await exchange(ctx.app, idToken));
    expect(claims).toMatchObject({ email, second_factor: true, auth_time: firebaseClaims.auth_time });
  });

  it('a wrong code is refused, and the right one still works after it', async () => {
    const { email, password } = await verifiedPerson(uniqueEmail('wrong-code'));
    await enrol(email, password, '+15555550113');
    const first = await firstStep(email, password);
    const sessionInfo = await startSecondStep(first);
    const right = await sentCode(sessionInfo);
    const wrong = right === '123456' ? '654321' : '123456';
    await expect(finishSecondStep(first, sessionInfo, wrong)).rejects.toThrow(/INVALID_CODE/);
    await expect(finishSecondStep(first, sessionInfo, right)).resolves.toEqual(expect.any(String));
  });

  it('a sign-in by password alone is carried as one without a second step', async () => {
    const claims = accessClaims(ctx.people.buyer.token!);
    expect(claims.second_factor).toBe(false);
    expect(claims.auth_time).toEqual(idTokenClaims(ctx.people.buyer.idToken!).auth_time);
  });
});

describe('admins must sign in with a second step', () => {
  it('an admin without one is refused (403, second_factor_required) until they enrol and sign in with it', async () => {
    const { email, password } = await verifiedPerson(newAdminEmail);
    const bare = await exchange(ctx.app, await signIn(email, password));
    expect(accessClaims(bare)).toMatchObject({ role: 'admin', second_factor: false });
    const refused = await call(ctx.app.server, 'get', '/api/users', { token: bare });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: 'Admins sign in with a second step: turn it on in your account, then sign in again',
      code: 'second_factor_required',
    });
    // So is what any signed-in person may call (every operation, admin-without-second-step.test.ts);
    // the token exchange, which turning the step on takes, still answers.
    const everyone = await call(ctx.app.server, 'get', '/api/notifications/unread', { token: bare });
    expect({ status: everyone.status, body: everyone.body }).toEqual({ status: 403, body: refused.body });
    expect(accessClaims(await exchange(ctx.app, await signIn(email, password)))).toMatchObject({
      second_factor: false,
    });

    await enrol(email, password, '+15555550114');
    const enrolled = await exchange(ctx.app, await signIn(email, password));
    expect((await call(ctx.app.server, 'get', '/api/users', { token: enrolled })).status).toBe(200);
  });

  it('the demo admin of the other tests signs in with one', () => {
    expect(accessClaims(ctx.people.admin.token!)).toMatchObject({ role: 'admin', second_factor: true });
  });
});

describe('the demo: an enrolled admin, and the code on the sign-in screen', () => {
  it("npm start's enrolment (identity.ensurePhoneSecondFactor) gives an account one phone second step", async () => {
    const { email, password } = await verifiedPerson(uniqueEmail('demo-enrol'));
    const uid = idTokenClaims((await firstStep(email, password)).idToken!).user_id as string;
    await ctx.app.identity.ensurePhoneSecondFactor(uid, '+15555550115');
    await ctx.app.identity.ensurePhoneSecondFactor(uid, '+15555550116');
    const first = await firstStep(email, password);
    expect(first.idToken).toBeUndefined();
    expect(first.mfaInfo).toEqual([expect.objectContaining({ phoneInfo: expect.stringMatching(/0115$/) })]);
  });

  it('GET /demo/sign-in-code answers the newest code sent to a phone ending so, and it signs in', async () => {
    const { email, password } = await verifiedPerson(uniqueEmail('demo-code'));
    await enrol(email, password, '+15555550117');
    const first = await firstStep(email, password);
    await startSecondStep(first); // an older code to the same phone
    const newest = await startSecondStep(first);
    const shown = await call(ctx.app.server, 'get', '/api/demo/sign-in-code?phoneEnding=0117');
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ code: await sentCode(newest), phoneEnding: '0117' });
    await expect(finishSecondStep(first, newest, (shown.body as { code: string }).code)).resolves.toEqual(
      expect.any(String),
    );
  });

  it('answers 404 for a phone no code went to, and 400 for anything but four digits or an extra parameter', async () => {
    expect((await call(ctx.app.server, 'get', '/api/demo/sign-in-code?phoneEnding=9999')).status).toBe(404);
    for (const query of [
      'phoneEnding=12',
      'phoneEnding=12345',
      'phoneEnding=-123',
      'phoneEnding=%2B155',
      '',
      'phoneEnding=0117&all=1',
    ]) {
      const response = await call(ctx.app.server, 'get', `/api/demo/sign-in-code?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
    }
  });
});

describe('step-up: deleting a user and the Verified badge need a recent sign-in', () => {
  it(`a sign-in older than ${RECENT_SIGN_IN_SECONDS} s is refused (403, recent_sign_in_required); other admin work goes on`, async () => {
    const { admin } = ctx.people;
    const badge = `/api/sellers/${otherSeller._id}/verified`;
    const fresh = await call(ctx.app.server, 'put', badge, { token: admin.token, body: { verified: true } });
    expect(fresh.status).toBe(200);

    const leaving = await call(ctx.app.server, 'get', `/api/users?role=buyer&pageSize=100`, {
      token: admin.token,
    });
    const target = (leaving.body as { items: { _id: string; email: string }[] }).items.find(
      (user) => user.email === ctx.people.otherBuyer.email,
    );
    expect(target).toBeDefined();

    ctx.app.services.signInClock.advance((RECENT_SIGN_IN_SECONDS + 1) * 1000);
    const stale = {
      message: 'Please sign in again to confirm it is you before this change',
      code: 'recent_sign_in_required',
    };
    const badgeRefused = await call(ctx.app.server, 'put', badge, {
      token: admin.token,
      body: { verified: false },
    });
    expect({ status: badgeRefused.status, body: badgeRefused.body }).toEqual({ status: 403, body: stale });
    const deleteRefused = await call(ctx.app.server, 'delete', `/api/users/${target!._id}`, {
      token: admin.token,
    });
    expect({ status: deleteRefused.status, body: deleteRefused.body }).toEqual({ status: 403, body: stale });

    // Nothing changed, and what is not a step-up operation still answers.
    expect(await ctx.app.db.get('SELECT verified FROM users WHERE id = ?', [otherSeller._id])).toEqual({
      verified: 1,
    });
    expect(await ctx.app.db.get('SELECT id FROM users WHERE id = ?', [target!._id])).toEqual({
      id: target!._id,
    });
    expect((await call(ctx.app.server, 'get', '/api/users', { token: admin.token })).status).toBe(200);
  });
});
