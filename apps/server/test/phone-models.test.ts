// Real model data against the real database (both engines): the model catalogue served to the picker,
// a listing's model key checked against it (an unknown key is a 400 in the Error shape, and nothing is written), the
// key stored and shown, the grades' battery promise, and a real phone's IMEI naming its model through the shipped
// Osmocom TAC rows.
import { describe, expect, it } from 'vitest';
import { imeiWith, listing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const seller = () => ctx.people.seller.token;

const publish = (overrides: Record<string, unknown>) =>
  call(ctx.app.server, 'post', '/api/mobiles', { token: seller(), body: listing(overrides) });
const read = async (id: string) =>
  (await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: null })).body;
const listings = async () =>
  (await ctx.app.db.get<{ n: number }>('SELECT count(*) AS n FROM mobiles'))?.n ?? 0;

// Real TACs of the shipped Osmocom rows (packages/api/src/generated/tac-rows.ts)
const GALAXY_S7 = '35232608';
const IPHONE_13 = '35104463';

describe('the model catalogue', () => {
  it("serves a brand's models with their keys and storage sizes, to anyone", async () => {
    const apple = await call(ctx.app.server, 'get', '/api/phone-models?brand=03', { token: null });
    expect(apple.status).toBe(200);
    expect(apple.body.total).toBe(apple.body.items.length);
    expect(apple.body.items.every((model: { brand: string }) => model.brand === '03')).toBe(true);
    expect(apple.body.items).toContainEqual(
      expect.objectContaining({
        key: 'apple-iphone-13',
        title: 'Apple iPhone 13',
        storageGb: [128, 256, 512],
      }),
    );
    const all = await call(ctx.app.server, 'get', '/api/phone-models', { token: null });
    expect(new Set(all.body.items.map((model: { brand: string }) => model.brand))).toEqual(
      new Set(['01', '02', '03']),
    );
    expect((await call(ctx.app.server, 'get', '/api/phone-models?brand=04', { token: null })).status).toBe(
      400,
    );
  });
});

describe("a listing's model key", () => {
  it('is refused with a 400 in the Error shape when the catalogue does not know it, and nothing is written', async () => {
    const before = await listings();
    const unknown = await publish({ title: 'Apple iPhone 99', modelKey: 'apple-iphone-99' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      message: 'request/body/modelKey is not a phone model ReCell knows',
      errors: [{ path: '/body/modelKey', message: 'is not a phone model ReCell knows' }],
    });
    // another brand's model, a size it was not sold with, a key that is not a key
    expect((await publish({ category_id: '02', modelKey: 'apple-iphone-13' })).body.errors).toEqual([
      { path: '/body/modelKey', message: 'is a model of Apple, not of Samsung' },
    ]);
    expect((await publish({ modelKey: 'apple-iphone-13', storageGb: 64 })).body.errors[0].path).toBe(
      '/body/storageGb',
    );
    expect((await publish({ modelKey: 'Apple iPhone 13' })).status).toBe(400);
    expect(await listings()).toBe(before);
  });

  it('is stored and shown when the catalogue knows it, and a seller may correct it', async () => {
    const created = await publish({ title: 'Apple iPhone 13', modelKey: 'apple-iphone-13', storageGb: 256 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.insertedId as string;
    expect(await read(id)).toMatchObject({ modelKey: 'apple-iphone-13', storageGb: 256 });
    const row = await ctx.app.db.get<{ model_key: string }>('SELECT model_key FROM mobiles WHERE id = ?', [
      id,
    ]);
    expect(row?.model_key).toBe('apple-iphone-13');

    const edit = (body: Record<string, unknown>) =>
      call(ctx.app.server, 'patch', `/api/mobile/${id}`, { token: seller(), body });
    expect((await edit({ modelKey: 'samsung-galaxy-s21' })).status).toBe(400);
    // 64 GB: the iPhone 13 was not sold with it
    expect((await edit({ storageGb: 64 })).status).toBe(400);
    const corrected = await edit({ modelKey: 'apple-iphone-13-pro', title: 'Apple iPhone 13 Pro' });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.modelKey).toBe('apple-iphone-13-pro');

    // a listing without one (the model is not in the catalogue) still lists, as before the picker
    const plain = await publish({ title: 'Apple iPhone 15' });
    expect(plain.status).toBe(201);
    expect((await read(plain.body.insertedId)).modelKey).toBeUndefined();
  });
});

describe('the grades', () => {
  it("refuses a stated battery health below its condition's promise", async () => {
    const low = await publish({ condition: 'Excellent', batteryHealth: 84 });
    expect(low.status).toBe(400);
    expect(low.body.errors).toEqual([
      {
        path: '/body/batteryHealth',
        message: 'is below 85 %, the least a phone in Excellent condition promises',
      },
    ]);
    expect((await publish({ condition: 'Good', batteryHealth: 84 })).status).toBe(201);
  });
});

describe('a real phone’s IMEI', () => {
  it('names its model from the shipped TAC rows: a Samsung and an Apple', async () => {
    const galaxy = await publish({
      category_id: '02',
      title: 'Samsung Galaxy S7',
      modelKey: 'samsung-galaxy-s7',
      imei: imeiWith(GALAXY_S7),
      stock: 1,
    });
    expect(galaxy.status, JSON.stringify(galaxy.body)).toBe(201);
    expect((await read(galaxy.body.insertedId)).imeiCheck.model).toEqual({
      outcome: 'match',
      name: 'Samsung Galaxy S7',
    });

    const iphone = await publish({
      title: 'Apple iPhone 13 Pro',
      modelKey: 'apple-iphone-13-pro',
      imei: imeiWith(IPHONE_13),
      stock: 1,
    });
    expect(iphone.status).toBe(201);
    // the TAC names the iPhone 13, not the 13 Pro the seller listed
    expect((await read(iphone.body.insertedId)).imeiCheck.model).toEqual({
      outcome: 'mismatch',
      name: 'Apple iPhone 13',
    });
    const told = await call(ctx.app.server, 'post', '/api/imei-check', {
      token: seller(),
      body: { imei: imeiWith(IPHONE_13), category_id: '03', title: 'Apple iPhone 13' },
    });
    expect(told.body.model).toEqual({ outcome: 'match', name: 'Apple iPhone 13' });
  });
});
