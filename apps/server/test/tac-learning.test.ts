// Phone data nobody can forge, against the real server on both engines and the real Auth emulator. A
// TAC learns a model only from buyer-witnessed IMEI matches at completed handovers (the buyer types the IMEI on
// *#06# and ticks what they saw; the seller then enters the code), and only when 3 separate pairs agree: both
// accounts older than 7 days at the deal (the deal clock), their first deal together, no account or verified
// number in two of the pairs. A conflict waits for an admin, whose confirmation wins for good; shipped rows never
// change. The rule itself, unordered pairs included, is also checked as the pure function it is.
import {
  learnableModel,
  shippedTac,
  type components,
  TAC_LEARNING_ACCOUNT_DAYS,
  TAC_LEARNING_PAIRS,
  type WitnessedModel,
} from '@recell/api';
import { describe, expect, it } from 'vitest';
import { completedDeal, createListing, imeiWith } from './support/fixtures';
import { call, newBuyer, newSeller, useServer, type Persona } from './support/harness';

type TacConflict = components['schemas']['TacConflict'];

const ctx = useServer();
const DAY = 24 * 60 * 60 * 1000;
const IPHONE_13 = '00301301'; // a shipped row: Apple iPhone 13

let tacs = Math.floor(Math.random() * 500_000);
/** A TAC no other test (nor the shipped table) knows. */
function freshTac(): string {
  const tac = `36${String((tacs += 1)).padStart(6, '0')}`;
  return shippedTac(tac) ? freshTac() : tac;
}

const idOf = async (person: Persona) =>
  (await ctx.app.db.get<{ id: string }>('SELECT id FROM users WHERE email = ?', [person.email]))!.id;

/** The account was made `days` before now on the deal clock. */
async function born(person: Persona, days: number) {
  const at = new Date(ctx.app.services.clock.now().getTime() - days * DAY).toISOString();
  await ctx.app.db.run('UPDATE users SET created_at = ? WHERE email = ?', [at, person.email]);
}

let names = 0;
/** A seller and a buyer who never dealt, their accounts `days` old on the deal clock. */
async function pair(days = TAC_LEARNING_ACCOUNT_DAYS + 1) {
  names += 1;
  const seller = await newSeller(ctx.app, `Tac Seller ${names}`);
  const buyer = await newBuyer(ctx.app, `Tac Buyer ${names}`);
  await Promise.all([born(seller, days), born(buyer, days)]);
  return { seller, buyer };
}

interface Handover {
  tac: string;
  seller: Persona;
  buyer: Persona;
  title: string;
  category_id?: '01' | '02' | '03';
}

/**
 * The seller lists a phone with an IMEI of the TAC; the buyer pays, types the IMEI at the meetup (it matches), ticks
 * what they saw, and the seller enters the code: the deal calls phone truth's imeiWitnessed through its port.
 */
async function witnessed({ tac, seller, buyer, title, category_id = '02' }: Handover) {
  const imei = imeiWith(tac);
  const mobileId = await createListing(ctx.app.server, seller.token, { imei, category_id, title, stock: 1 });
  await completedDeal(ctx.app.server, { buyer: buyer.token, seller: seller.token }, mobileId, { imei });
  return mobileId;
}

/** What the TAC says to a seller about to list `title` (the model the table knows, or unknown). */
const says = async (tac: string, title: string, category_id = '02') => {
  const answer = await call(ctx.app.server, 'post', '/api/imei-check', {
    token: ctx.people.seller.token,
    body: { imei: imeiWith(tac), category_id, title },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.model as { outcome: string; name?: string };
};

const confirmations = (tac: string) =>
  ctx.app.db.all<{ not_counted: string | null; buyer_email: string; seller_email: string }>(
    'SELECT not_counted, buyer_email, seller_email FROM tac_confirmations WHERE tac = ? ORDER BY confirmed_at, id',
    [tac],
  );

const conflicts = (token: string | null) => call(ctx.app.server, 'get', '/api/tac-conflicts', { token });

describe('a self-dealt handover teaches nothing', () => {
  it('one person with a seller and a buyer account, deal after deal, either way round', async () => {
    const tac = freshTac();
    const { seller, buyer } = await pair();
    for (let round = 0; round < TAC_LEARNING_PAIRS; round += 1) {
      await witnessed({ tac, seller, buyer, title: 'Samsung Galaxy S99' });
    }
    expect(await says(tac, 'Samsung Galaxy S99')).toEqual({ outcome: 'unknown' });
    expect((await confirmations(tac)).map((row) => row.not_counted)).toEqual([
      null,
      'repeat_pair',
      'repeat_pair',
    ]);
    // The other way round is the same pair (the handover's buyer check only lets a buyer account buy, so the
    // reversed deal is told to phone truth through its port directly, with the two real accounts).
    const reversed = await createListing(ctx.app.server, seller.token, {
      imei: imeiWith(tac),
      category_id: '02',
      title: 'Samsung Galaxy S99',
      stock: 1,
    });
    await ctx.app.services.truth.imeiWitnessed({
      mobileId: reversed,
      buyerId: await idOf(seller),
      sellerId: await idOf(buyer),
    });
    expect(await says(tac, 'Samsung Galaxy S99')).toEqual({ outcome: 'unknown' });
    expect((await confirmations(tac)).at(-1)?.not_counted).toBe('repeat_pair');
  });

  it('one seller account cannot make 3 pairs with 3 buyer accounts of its own', async () => {
    const tac = freshTac();
    const { seller, buyer } = await pair();
    const more = [await newBuyer(ctx.app, 'Second Self'), await newBuyer(ctx.app, 'Third Self')];
    await Promise.all(more.map((account) => born(account, 30)));
    for (const self of [buyer, ...more]) {
      await witnessed({ tac, seller, buyer: self, title: 'Samsung Galaxy S98' });
    }
    // each pair counts on its own (old accounts, a first deal), but all three share the seller's account
    expect((await confirmations(tac)).map((row) => row.not_counted)).toEqual([null, null, null]);
    expect(await says(tac, 'Samsung Galaxy S98')).toEqual({ outcome: 'unknown' });
  });

  it('a verified number moved between accounts is one person', async () => {
    const tac = freshTac();
    const [first, second, third] = [await pair(), await pair(), await pair()];
    await witnessed({ tac, ...first, title: 'Samsung Galaxy S97' });
    // the first seller's number moves to the second seller's account (one person, two accounts, one phone)
    const number = (await ctx.app.db.get<{ phone_e164: string }>(
      'SELECT phone_e164 FROM users WHERE email = ?',
      [first.seller.email],
    ))!.phone_e164;
    await ctx.app.db.run('UPDATE users SET phone_e164 = NULL, phone_verified_at = NULL WHERE email = ?', [
      first.seller.email,
    ]);
    await ctx.app.db.run('UPDATE users SET phone_e164 = ? WHERE email = ?', [number, second.seller.email]);
    await witnessed({ tac, ...second, title: 'Samsung Galaxy S97' });
    await witnessed({ tac, ...third, title: 'Samsung Galaxy S97' });
    expect(await says(tac, 'Samsung Galaxy S97')).toEqual({ outcome: 'unknown' });
  });
});

describe('separate pairs teach a TAC', () => {
  it('2 agreeing pairs do not; the 3rd does, and listings waiting on the TAC follow', async () => {
    const tac = freshTac();
    const pairs = [await pair(), await pair(), await pair()];
    const waiting = await createListing(ctx.app.server, ctx.people.otherSeller.token, {
      imei: imeiWith(tac),
      category_id: '02',
      title: 'Samsung Galaxy S24 FE',
      stock: 1,
    });
    await witnessed({ tac, ...pairs[0]!, title: 'Samsung Galaxy S24' });
    await witnessed({ tac, ...pairs[1]!, title: 'Samsung Galaxy S24 256GB' });
    expect(await says(tac, 'Samsung Galaxy S24')).toEqual({ outcome: 'unknown' });
    await witnessed({ tac, ...pairs[2]!, title: 'Samsung Galaxy S24' });
    expect(await says(tac, 'Samsung Galaxy S24 128GB')).toEqual({
      outcome: 'match',
      name: 'Samsung Galaxy S24',
    });
    const listing = await call(ctx.app.server, 'get', `/api/mobile/${waiting}`, {
      token: ctx.people.buyer.token,
    });
    expect(listing.body.imeiCheck.model).toEqual({ outcome: 'mismatch', name: 'Samsung Galaxy S24' });
  });

  it('young accounts (under 7 days at the deal, on the deal clock) do not count', async () => {
    const tac = freshTac();
    const pairs = [await pair(1), await pair(TAC_LEARNING_ACCOUNT_DAYS - 1), await pair()];
    for (const each of pairs) await witnessed({ tac, ...each, title: 'Samsung Galaxy S96' });
    expect((await confirmations(tac)).map((row) => row.not_counted)).toEqual([
      'young_account',
      'young_account',
      null,
    ]);
    expect(await says(tac, 'Samsung Galaxy S96')).toEqual({ outcome: 'unknown' });

    // Accounts 5 days old deal 3 days later on the deal clock: 8 days old at the deal, so they count.
    const later = freshTac();
    const older = [await pair(5), await pair(5), await pair(5)];
    ctx.app.services.clock.advance(3 * DAY);
    for (const each of older) await witnessed({ tac: later, ...each, title: 'Samsung Galaxy S95' });
    expect(await says(later, 'Samsung Galaxy S95')).toEqual({ outcome: 'match', name: 'Samsung Galaxy S95' });
  });

  it('a repeated pair counts once', async () => {
    const tac = freshTac();
    const [again, other, third] = [await pair(), await pair(), await pair()];
    await witnessed({ tac, ...again, title: 'Samsung Galaxy S94' });
    await witnessed({ tac, ...again, title: 'Samsung Galaxy S94' });
    await witnessed({ tac, ...other, title: 'Samsung Galaxy S94' });
    expect(await says(tac, 'Samsung Galaxy S94')).toEqual({ outcome: 'unknown' });
    await witnessed({ tac, ...third, title: 'Samsung Galaxy S94' });
    expect(await says(tac, 'Samsung Galaxy S94')).toEqual({ outcome: 'match', name: 'Samsung Galaxy S94' });
  });

  it('a learned model never overrides a shipped row', async () => {
    const pairs = [await pair(), await pair(), await pair()];
    for (const each of pairs)
      await witnessed({ tac: IPHONE_13, ...each, title: 'Apple iPhone 15', category_id: '03' });
    expect(await says(IPHONE_13, 'Apple iPhone 15', '03')).toEqual({
      outcome: 'mismatch',
      name: 'Apple iPhone 13',
    });
    expect(await says(IPHONE_13, 'Apple iPhone 13', '03')).toEqual({
      outcome: 'match',
      name: 'Apple iPhone 13',
    });
  });
});

describe("a conflict goes to the admin's IMEI page", () => {
  it('with its evidence; an admin confirms one model (audited), and later learning never overrides it', async () => {
    const tac = freshTac();
    const pairs = [await pair(), await pair(), await pair()];
    const ultra = await witnessed({ tac, ...pairs[0]!, title: 'Samsung Galaxy S93 Ultra' });
    await witnessed({ tac, ...pairs[1]!, title: 'Samsung Galaxy S93' });
    await witnessed({ tac, ...pairs[2]!, title: 'Samsung Galaxy S93' });
    expect(await says(tac, 'Samsung Galaxy S93')).toEqual({ outcome: 'unknown' });

    for (const [who, status] of [
      [null, 401],
      [ctx.people.buyer.token, 403],
      [ctx.people.seller.token, 403],
    ] as const) {
      expect((await conflicts(who)).status).toBe(status);
    }
    const listed = await conflicts(ctx.people.admin.token);
    expect(listed.status).toBe(200);
    const conflict = (listed.body as TacConflict[]).find((each) => each.tac === tac)!;
    expect(conflict).toBeDefined();
    expect(conflict).not.toHaveProperty('modelName');
    expect(conflict.confirmations).toHaveLength(3);
    expect(conflict.confirmations[2]).toMatchObject({
      mobileId: ultra,
      title: 'Samsung Galaxy S93 Ultra',
      modelName: 'Samsung Galaxy S93 Ultra',
      buyerEmail: pairs[0]!.buyer.email,
      sellerEmail: pairs[0]!.seller.email,
      counts: true,
    });
    expect(Date.parse(conflict.confirmations[2]!.confirmedAt)).not.toBeNaN();

    const ultraChoice = { confirmationId: conflict.confirmations[2]!._id };
    for (const [who, status] of [
      [null, 401],
      [ctx.people.buyer.token, 403],
      [ctx.people.seller.token, 403],
    ] as const) {
      const refused = await call(ctx.app.server, 'put', `/api/tacs/${tac}/model`, {
        token: who,
        body: ultraChoice,
      });
      expect(refused.status).toBe(status);
    }
    expect(await says(tac, 'Samsung Galaxy S93')).toEqual({ outcome: 'unknown' });
    // a confirmation of another TAC is not this TAC's to choose
    const elsewhere = await call(ctx.app.server, 'put', `/api/tacs/${freshTac()}/model`, {
      token: ctx.people.admin.token,
      body: ultraChoice,
    });
    expect(elsewhere.status).toBe(404);

    const confirmed = await call(ctx.app.server, 'put', `/api/tacs/${tac}/model`, {
      token: ctx.people.admin.token,
      body: ultraChoice,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ tac, modelName: 'Samsung Galaxy S93 Ultra', source: 'admin' });
    expect(await says(tac, 'Samsung Galaxy S93 Ultra')).toEqual({
      outcome: 'match',
      name: 'Samsung Galaxy S93 Ultra',
    });
    // the listings of the TAC were compared again with the admin's model
    const s93 = await call(ctx.app.server, 'get', `/api/mobile/${ultra}`, { token: ctx.people.admin.token });
    expect(s93.body.imeiCheck.model).toEqual({ outcome: 'match', name: 'Samsung Galaxy S93 Ultra' });
    const after = await conflicts(ctx.people.admin.token);
    expect((after.body as { tac: string }[]).map((each) => each.tac)).not.toContain(tac);
    const audit = await call(ctx.app.server, 'get', '/api/audit-log?pageSize=100', {
      token: ctx.people.admin.token,
    });
    expect(audit.body.items).toContainEqual(
      expect.objectContaining({
        action: 'imei.confirm-tac-model',
        target: tac,
        targetName: 'Samsung Galaxy S93 Ultra',
        actorEmail: ctx.people.admin.email,
      }),
    );

    // 3 more separate pairs all say "S93": the admin's row stays.
    const more = [await pair(), await pair(), await pair()];
    for (const each of more) await witnessed({ tac, ...each, title: 'Samsung Galaxy S93' });
    expect(await says(tac, 'Samsung Galaxy S93')).toEqual({
      outcome: 'mismatch',
      name: 'Samsung Galaxy S93 Ultra',
    });
  });

  it("an admin's confirmation from a listing's page is an admin row too: learning does not override it", async () => {
    const tac = freshTac();
    const listed = await createListing(ctx.app.server, ctx.people.seller.token, {
      imei: imeiWith(tac),
      category_id: '02',
      title: 'Samsung Galaxy S92',
      stock: 1,
    });
    const confirmed = await call(ctx.app.server, 'post', `/api/mobile/${listed}/imei-model`, {
      token: ctx.people.admin.token,
    });
    expect(confirmed.status).toBe(200);
    const pairs = [await pair(), await pair(), await pair()];
    for (const each of pairs) await witnessed({ tac, ...each, title: 'Samsung Galaxy S91' });
    expect(await says(tac, 'Samsung Galaxy S91')).toEqual({
      outcome: 'mismatch',
      name: 'Samsung Galaxy S92',
    });
  });
});

describe('the rule, as the pure function the server and the mocks share', () => {
  const witness = (buyer: string, seller: string, model = 'Galaxy S90'): WitnessedModel => ({
    category_id: '02',
    title: `Samsung ${model}`,
    model,
    buyer_id: buyer,
    seller_id: seller,
    buyer_phone: null,
    seller_phone: null,
    not_counted: null,
  });

  it('pairs are unordered and no account is in two of the three', () => {
    expect(learnableModel([witness('a', 'b'), witness('b', 'a'), witness('c', 'd')])).toBeUndefined();
    expect(learnableModel([witness('a', 'b'), witness('a', 'c'), witness('a', 'd')])).toBeUndefined();
    expect(learnableModel([witness('a', 'b'), witness('c', 'd'), witness('e', 'f')])).toEqual({
      category_id: '02',
      model: 'Galaxy S90',
    });
    // a, b, c, d, e, f: the first pairing that shares an account is skipped for one that does not
    expect(
      learnableModel([witness('a', 'b'), witness('b', 'c'), witness('d', 'e'), witness('c', 'f')]),
    ).toEqual({ category_id: '02', model: 'Galaxy S90' });
  });

  it('a counting confirmation of another model holds learning back; one that does not count does not', () => {
    const three = [witness('a', 'b'), witness('c', 'd'), witness('e', 'f')];
    expect(learnableModel([...three, witness('g', 'h', 'Galaxy S90 Ultra')])).toBeUndefined();
    expect(
      learnableModel([...three, { ...witness('g', 'h', 'Galaxy S90 Ultra'), not_counted: 'young_account' }]),
    ).toEqual({ category_id: '02', model: 'Galaxy S90' });
  });
});
