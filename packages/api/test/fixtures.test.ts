// The fixtures seed the server, the mocks and the stories: they must be valid contract data.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractValidator } from '../src/contract';
import * as fixtures from '../src/fixtures';
import { compareModel, modelName, shippedTac, tacOf } from '../src/tac';
import { luhnValid, withCheckDigit } from '../src/test-cards';

const contract = contractValidator();
const getMobile = contract.operations.find((op) => op.operationId === 'getMobile')!;
const getBooking = contract.operations.find((op) => op.operationId === 'getBooking')!;
const listWishlist = contract.operations.find((op) => op.operationId === 'listWishlist')!;
const listReports = contract.operations.find((op) => op.operationId === 'listReports')!;
const listUsers = contract.operations.find((op) => op.operationId === 'listUsers')!;
const listBlogs = contract.operations.find((op) => op.operationId === 'listBlogs')!;
const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 100 });

describe('fixtures', () => {
  it.each(fixtures.mobiles.map((mobile) => [mobile._id, mobile] as const))(
    'listing %s fits the contract',
    (_id, mobile) => {
      expect(contract.validateResponse(getMobile, 200, mobile)).toEqual([]);
    },
  );

  it('every seed phone has its own whole IMEI, valid, whose TAC names the listed model', () => {
    for (const mobile of fixtures.mobiles) {
      const imei = fixtures.seedImeis.get(mobile._id);
      expect(imei, mobile._id).toMatch(/^[0-9]{15}$/);
      expect(luhnValid(imei!), mobile._id).toBe(true);
      const row = shippedTac(tacOf(imei!));
      expect(compareModel(row, mobile), mobile._id).toEqual({ outcome: 'match', name: modelName(row!) });
      expect(mobile.imeiMasked).toBe(`***********${imei!.slice(-4)}`);
      // the tests' own IMEIs have serials below 900000 (apps/server/test/support/fixtures.ts): none collides
      expect(Number(imei!.slice(8, 14)), mobile._id).toBeGreaterThanOrEqual(900_000);
    }
    expect(new Set(fixtures.seedImeis.values()).size).toBe(fixtures.mobiles.length);
    // the helper the tests make IMEIs with agrees with the check the server applies
    for (const imei of fixtures.seedImeis.values()) expect(withCheckDigit(imei.slice(0, 14))).toBe(imei);
    // the IMEI itself stays out of the listing the API serves
    for (const mobile of fixtures.mobiles) expect(mobile).not.toHaveProperty('imei');
  });

  it("conversations' messages are their parties', in one order", () => {
    for (const conversation of fixtures.conversations)
      expect(conversation.buyerId).not.toBe(conversation.sellerId);
    for (const message of fixtures.messages) {
      const conversation = fixtures.conversations.find((one) => one._id === message.conversationId);
      expect([conversation?.buyerId, conversation?.sellerId]).toContain(message.senderId);
    }
    const seqs = fixtures.messages.map((message) => message.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
  });

  it('bookings, cart, reports, users and blogs fit the contract', () => {
    // A stored booking plus what is worked out on read (soldOut) is the contract's Booking.
    for (const booking of fixtures.bookings)
      expect(contract.validateResponse(getBooking, 200, { ...booking, soldOut: false })).toEqual([]);
    expect(contract.validateResponse(listWishlist, 200, page(fixtures.wishlist))).toEqual([]);
    expect(contract.validateResponse(listReports, 200, page(fixtures.reports))).toEqual([]);
    expect(contract.validateResponse(listUsers, 200, page(fixtures.users))).toEqual([]);
    expect(contract.validateResponse(listBlogs, 200, page(fixtures.blogs))).toEqual([]);
  });

  it('point only at listings that exist, with their price and name', () => {
    const byId = new Map(fixtures.mobiles.map((mobile) => [mobile._id, mobile]));
    for (const booking of fixtures.bookings) {
      expect(byId.get(booking.mobileId)).toMatchObject({
        resale_price: booking.price,
        title: booking.MobileName,
      });
    }
    for (const item of fixtures.wishlist) expect(byId.get(item.wishlistedID)?.resale_price).toBe(item.price);
  });

  it('ship a picture for every listing, served under the seed base', () => {
    for (const mobile of fixtures.mobiles) {
      expect(mobile.picture.startsWith(`${fixtures.SEED_PICTURE_BASE}/`)).toBe(true);
      const file = new URL(`../src/fixtures/pictures/${mobile.picture.split('/').pop()}`, import.meta.url);
      expect(existsSync(file), mobile.picture).toBe(true);
    }
  });

  it('have one demo account per role', () => {
    expect(Object.values(fixtures.demoAccounts).map((account) => account.role)).toEqual([
      'buyer',
      'seller',
      'admin',
    ]);
  });
});
