// A meetup spot in the deal: the admins' spots (admins only, audited, sane coordinates and hours), the
// three nearest the midpoint of the two areas, a booking's spot and time checked against the spot's opening
// hours in Dhaka time, the .ics only to the deal's two parties and escaped so a spot's name cannot add lines, and
// the reminder written once, MEETUP_REMINDER_HOURS before, on the deal clock.
import {
  LATITUDE_RANGE,
  LONGITUDE_RANGE,
  meetingPoint,
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_REMINDER_HOURS,
  meetupRefusals,
  nearestSpots,
  notificationText,
  WEEKDAYS,
  type AreaId,
  type MeetupSpot,
  type NewMeetupSpot,
  type Weekday,
} from '@recell/api';
import { meetupSpotFixtures } from '@recell/api/fixtures';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createListing } from './support/fixtures';
import { call, useServer } from './support/harness';

const ctx = useServer();
const server = () => ctx.app.server;
const HOUR = 3_600_000;
const DHAKA_MS = 6 * HOUR;

/** The next `day` at least a day ahead of the deal clock, at `clock` Dhaka time, as an ISO instant. */
function nextLocal(day: Weekday, clock: string): string {
  const base = new Date(ctx.app.services.clock.now().getTime() + DHAKA_MS + 24 * HOUR);
  for (let ahead = 0; ahead < 7; ahead += 1) {
    const date = new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + ahead));
    if (WEEKDAYS[(date.getUTCDay() + 6) % 7] === day) {
      const [hours, minutes] = clock.split(':').map(Number) as [number, number];
      return new Date(date.getTime() + (hours * 60 + minutes) * 60_000 - DHAKA_MS).toISOString();
    }
  }
  throw new Error('unreachable');
}

const spotBody = (overrides: Partial<NewMeetupSpot> = {}): NewMeetupSpot => ({
  name: 'Test Plaza',
  address: 'Road 1, Somewhere',
  area: 'gulshan',
  // far from every area: a spot made here is never suggested to another test
  lat: -40,
  lng: 10,
  hours: { mon: { opens: '09:00', closes: '18:00' } },
  kind: 'mall',
  cctv: true,
  ...overrides,
});

const listingIn = (area: AreaId) =>
  createListing(server(), ctx.people.seller.token, { area, stock: 10, title: `Phone in ${area}` });

const bookWith = (body: Record<string, unknown>, token = ctx.people.buyer.token) =>
  call(server(), 'post', '/api/bookings', { token, body: { phone: '+880 1911 222333', ...body } });

const allSpots = async () =>
  (await call(server(), 'get', '/api/meetup-spots?pageSize=100', { token: ctx.people.admin.token })).body
    .items as MeetupSpot[];

const calendar = (bookingId: string, token: string | null) => {
  const pending = request(server()).get(`/api/bookings/${bookingId}/calendar`);
  return token ? pending.set('authorization', `Bearer ${token}`) : pending;
};

describe('the admins curate meetup spots', () => {
  it('seeds at least 10 demo spots from the fixtures', async () => {
    const spots = await allSpots();
    expect(spots.length).toBeGreaterThanOrEqual(10);
    for (const fixture of meetupSpotFixtures) {
      expect(spots.find((spot) => spot._id === fixture._id)).toEqual(fixture);
    }
  });

  it('refuses a visitor (401), a buyer and a seller (403) every admin operation', async () => {
    const id = meetupSpotFixtures[0]!._id;
    const cells = [
      ['get', '/api/meetup-spots', undefined],
      ['post', '/api/meetup-spots', spotBody()],
      ['put', `/api/meetup-spots/${id}`, spotBody()],
      ['delete', `/api/meetup-spots/${id}`, undefined],
    ] as const;
    for (const [method, path, body] of cells) {
      expect((await call(server(), method, path, { body })).status).toBe(401);
      for (const who of ['buyer', 'seller', 'otherSeller', 'otherBuyer'] as const) {
        const refused = await call(server(), method, path, { token: ctx.people[who].token, body });
        expect(refused.status, `${who} ${method} ${path}`).toBe(403);
      }
    }
    // nothing changed
    expect((await allSpots()).find((spot) => spot._id === id)).toEqual(meetupSpotFixtures[0]);
  });

  it('creates, updates and removes a spot, each in the audit log with its name', async () => {
    const admin = ctx.people.admin.token;
    const created = await call(server(), 'post', '/api/meetup-spots', { token: admin, body: spotBody() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as MeetupSpot)._id;
    expect(created.body).toEqual({ _id: id, ...spotBody() });
    const changed = spotBody({ name: 'Test Plaza (moved)', cctv: false, kind: 'repair_shop' });
    const updated = await call(server(), 'put', `/api/meetup-spots/${id}`, { token: admin, body: changed });
    expect(updated.body).toEqual({ _id: id, ...changed });
    const removed = await call(server(), 'delete', `/api/meetup-spots/${id}`, { token: admin });
    expect(removed.body).toEqual({ deletedCount: 1 });
    expect((await allSpots()).some((spot) => spot._id === id)).toBe(false);
    const log = (await call(server(), 'get', '/api/audit-log?pageSize=100', { token: admin })).body.items as {
      action: string;
      target: string;
      targetName?: string;
    }[];
    const mine = log.filter((entry) => entry.target === id).map((entry) => [entry.action, entry.targetName]);
    expect(mine).toEqual([
      ['meetup-spot.delete', 'Test Plaza (moved)'],
      ['meetup-spot.update', 'Test Plaza (moved)'],
      ['meetup-spot.create', 'Test Plaza'],
    ]);
  });

  it('answers 404 for a spot that is not there and 400 for an id that cannot be one', async () => {
    const admin = ctx.people.admin.token;
    expect(
      (await call(server(), 'put', '/api/meetup-spots/ms-nowhere', { token: admin, body: spotBody() }))
        .status,
    ).toBe(404);
    expect((await call(server(), 'delete', '/api/meetup-spots/ms-nowhere', { token: admin })).status).toBe(
      404,
    );
    expect((await call(server(), 'delete', '/api/meetup-spots/not%20an%20id', { token: admin })).status).toBe(
      400,
    );
  });

  it.each([
    ['a latitude past the pole', { lat: 90.0001 }],
    ['a latitude below the south pole', { lat: -91 }],
    ['a huge latitude', { lat: 1e300 }],
    ['a longitude past the antimeridian', { lng: 180.5 }],
    ['a huge negative longitude', { lng: -1e12 }],
  ])('refuses %s with a 400 and stores nothing', async (_what, coordinates) => {
    const before = (await allSpots()).length;
    const refused = await call(server(), 'post', '/api/meetup-spots', {
      token: ctx.people.admin.token,
      body: spotBody(coordinates),
    });
    expect(refused.status).toBe(400);
    expect((await allSpots()).length).toBe(before);
  });

  it('refuses a day that closes before it opens, and hours with no open day, in words', async () => {
    const admin = ctx.people.admin.token;
    const backwards = await call(server(), 'post', '/api/meetup-spots', {
      token: admin,
      body: spotBody({ hours: { tue: { opens: '20:00', closes: '10:00' } } }),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('On Tuesday the spot must close after it opens (20:00 to 10:00)');
    const never = await call(server(), 'post', '/api/meetup-spots', {
      token: admin,
      body: spotBody({ hours: {} }),
    });
    expect(never.status).toBe(400);
    const odd = await call(server(), 'post', '/api/meetup-spots', {
      token: admin,
      body: spotBody({ hours: { mon: { opens: '9:00', closes: '25:00' } } }),
    });
    expect(odd.status).toBe(400);
  });

  it('holds the SQL CHECK on coordinates to the rulebook', async () => {
    const insert = (lat: number, lng: number) =>
      ctx.app.db.run(
        `INSERT INTO meetup_spots (id, name, address, area, lat, lng, hours, kind, cctv, created_at, updated_at)
         VALUES (?, 'x', 'x', 'gulshan', ?, ?, '{}', 'mall', 1, 'now', 'now')`,
        [`ms-check-${Math.random().toString(36).slice(2)}`, lat, lng],
      );
    await expect(insert(LATITUDE_RANGE[1] + 0.001, 0)).rejects.toThrow();
    await expect(insert(LATITUDE_RANGE[0] - 0.001, 0)).rejects.toThrow();
    await expect(insert(0, LONGITUDE_RANGE[1] + 0.001)).rejects.toThrow();
    await expect(insert(0, LONGITUDE_RANGE[0] - 0.001)).rejects.toThrow();
  });
});

describe('the three spots between the seller and the buyer', () => {
  it('are the nearest three to the midpoint of the two areas, nearest first', async () => {
    const mobileId = await listingIn('tejgaon');
    const suggested = await call(
      server(),
      'get',
      `/api/meetup-suggestions?mobileId=${mobileId}&area=dhanmondi`,
      {
        token: ctx.people.buyer.token,
      },
    );
    expect(suggested.status).toBe(200);
    const ids = (suggested.body.spots as { spot: MeetupSpot; distanceKm: number }[]).map(
      (one) => one.spot._id,
    );
    expect(ids).toEqual(
      nearestSpots(await allSpots(), meetingPoint('dhanmondi', 'tejgaon')).map((one) => one.spot._id),
    );
    // Bashundhara City (Panthapath) lies between Tejgaon and Dhanmondi; Lalbagh, in Old Dhaka, does not
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('ms-bashundhara-city');
    expect(ids).not.toContain('ms-lalbagh-police');
    const distances = (suggested.body.spots as { distanceKm: number }[]).map((one) => one.distanceKm);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
  });

  it("use the buyer's area alone when the listing names none", async () => {
    const mobileId = await createListing(server(), ctx.people.seller.token, { stock: 3 });
    const suggested = await call(
      server(),
      'get',
      `/api/meetup-suggestions?mobileId=${mobileId}&area=mirpur`,
      {
        token: ctx.people.buyer.token,
      },
    );
    expect((suggested.body.spots as { spot: MeetupSpot }[]).map((one) => one.spot._id)).toEqual(
      nearestSpots(await allSpots(), meetingPoint('mirpur')).map((one) => one.spot._id),
    );
  });

  it('answer 404 for a listing that is not there, 400 for an area that is not one, 401 to a visitor', async () => {
    const buyer = ctx.people.buyer.token;
    expect(
      (
        await call(server(), 'get', '/api/meetup-suggestions?mobileId=m-nowhere&area=gulshan', {
          token: buyer,
        })
      ).status,
    ).toBe(404);
    const mobileId = await listingIn('gulshan');
    expect(
      (
        await call(server(), 'get', `/api/meetup-suggestions?mobileId=${mobileId}&area=atlantis`, {
          token: buyer,
        })
      ).status,
    ).toBe(400);
    expect(
      (await call(server(), 'get', `/api/meetup-suggestions?mobileId=${mobileId}&area=gulshan`)).status,
    ).toBe(401);
  });
});

describe("a booking's spot and time", () => {
  // Tejgaon's listing and a Dhanmondi buyer are offered Bashundhara City (closed Tuesdays, 10:00-20:00)
  const deal = { area: 'dhanmondi', meetupSpotId: 'ms-bashundhara-city' } as const;

  it.each([
    [
      'on the day it is closed',
      () => nextLocal('tue', '12:00'),
      meetupRefusals.closedThatDay('Bashundhara City Shopping Complex', 'tue'),
    ],
    [
      'a minute before it opens',
      () => nextLocal('mon', '09:59'),
      meetupRefusals.outsideHours('Bashundhara City Shopping Complex', 'mon', {
        opens: '10:00',
        closes: '20:00',
      }),
    ],
    [
      'at closing time',
      () => nextLocal('mon', '20:00'),
      meetupRefusals.outsideHours('Bashundhara City Shopping Complex', 'mon', {
        opens: '10:00',
        closes: '20:00',
      }),
    ],
    [
      'at three in the night',
      () => nextLocal('sat', '03:00'),
      meetupRefusals.outsideHours('Bashundhara City Shopping Complex', 'sat', {
        opens: '10:00',
        closes: '20:00',
      }),
    ],
    // Monday 19:00 UTC is Tuesday 01:00 in Dhaka: the spot's day, not the server's
    [
      'on a Monday in UTC that is a Tuesday in Dhaka',
      () => new Date(Date.parse(nextLocal('mon', '00:00')) + 25 * HOUR).toISOString(),
      meetupRefusals.closedThatDay('Bashundhara City Shopping Complex', 'tue'),
    ],
    [
      'in the past',
      () => new Date(ctx.app.services.clock.now().getTime() - 60_000).toISOString(),
      meetupRefusals.past,
    ],
    [
      'further ahead than the rulebook allows',
      () =>
        new Date(
          ctx.app.services.clock.now().getTime() + (MEETUP_MAX_DAYS_AHEAD + 1) * 24 * HOUR,
        ).toISOString(),
      meetupRefusals.tooFar,
    ],
  ])('is refused %s, with a 400 in words and no booking', async (_when, at, message) => {
    const mobileId = await listingIn('tejgaon');
    const refused = await bookWith({ mobileId, ...deal, meetupAt: at() });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body).toEqual({ message });
    expect(await ctx.app.db.get('SELECT id FROM bookings WHERE mobile_id = ?', [mobileId])).toBeUndefined();
  });

  it('refuses a spot not among the three, one that is not there, and a spot without an area or a time', async () => {
    const mobileId = await listingIn('tejgaon');
    const at = nextLocal('mon', '12:00');
    const elsewhere = await bookWith({
      mobileId,
      area: 'dhanmondi',
      meetupSpotId: 'ms-lalbagh-police',
      meetupAt: at,
    });
    expect(elsewhere.body).toEqual({ message: meetupRefusals.notSuggested });
    const missing = await bookWith({ mobileId, area: 'dhanmondi', meetupSpotId: 'ms-nowhere', meetupAt: at });
    expect([missing.status, missing.body]).toEqual([400, { message: meetupRefusals.noSuchSpot }]);
    const malformed = await bookWith({
      mobileId,
      area: 'dhanmondi',
      meetupSpotId: 'no such/id',
      meetupAt: at,
    });
    expect(malformed.status).toBe(400);
    const noArea = await bookWith({ mobileId, meetupSpotId: 'ms-bashundhara-city', meetupAt: at });
    expect(noArea.body).toEqual({ message: meetupRefusals.areaNeeded });
    const noTime = await bookWith({ mobileId, ...deal });
    expect(noTime.body).toEqual({ message: meetupRefusals.timeNeeded });
    const noListing = await bookWith({ mobileId: 'm-nowhere', ...deal, meetupAt: at });
    expect(noListing.status).toBe(404);
  });

  it('goes into the booking and the head of its conversation, as the spot was when booked', async () => {
    const mobileId = await listingIn('tejgaon');
    const asked = await call(server(), 'post', '/api/conversations', {
      token: ctx.people.buyer.token,
      body: { mobileId, text: 'Is it still available?' },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const at = nextLocal('mon', '19:59');
    const booked = await bookWith({ mobileId, ...deal, meetupAt: at });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = booked.body.insertedId as string;
    const view = await call(server(), 'get', `/api/bookings/${bookingId}`, { token: ctx.people.buyer.token });
    const spot = meetupSpotFixtures.find((one) => one._id === 'ms-bashundhara-city')!;
    const meetup = { spotId: spot._id, place: spot.name, address: spot.address, at };
    expect(view.body).toMatchObject({ area: 'dhanmondi', meetup });
    const thread = await call(
      server(),
      'get',
      `/api/conversations/${asked.body._id ?? asked.body.conversationId}`,
      {
        token: ctx.people.seller.token,
      },
    );
    expect(thread.body.booking).toEqual({ _id: bookingId, status: 'unpaid', meetup });
    // the seller's My Buyers shows it too
    const buyers = await call(
      server(),
      'get',
      `/api/mybuyers?email=${ctx.people.seller.email}&pageSize=100`,
      {
        token: ctx.people.seller.token,
      },
    );
    expect((buyers.body.items as { _id: string }[]).find((one) => one._id === bookingId)).toMatchObject({
      meetup,
    });
  });

  it('takes another place in words with any time ahead (its hours are not known)', async () => {
    const mobileId = await listingIn('gulshan');
    const at = nextLocal('sun', '03:00');
    const booked = await bookWith({
      mobileId,
      area: 'banani',
      location: 'Outside the Banani 11 mosque',
      meetupAt: at,
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const view = await call(server(), 'get', `/api/bookings/${booked.body.insertedId}`, {
      token: ctx.people.buyer.token,
    });
    expect(view.body).toMatchObject({
      location: 'Outside the Banani 11 mosque',
      meetup: { place: 'Outside the Banani 11 mosque', at },
    });
    expect(view.body.meetup.spotId).toBeUndefined();
    const past = await bookWith(
      {
        mobileId: await listingIn('gulshan'),
        location: 'Somewhere',
        meetupAt: new Date(Date.now() - HOUR).toISOString(),
      },
      ctx.people.otherBuyer.token,
    );
    expect(past.body).toEqual({ message: meetupRefusals.past });
  });

  it('keeps booking as before without a meetup', async () => {
    const mobileId = await listingIn('badda');
    const booked = await bookWith({ mobileId, location: 'Dhaka, Gulshan 2' });
    expect(booked.status).toBe(201);
    const view = await call(server(), 'get', `/api/bookings/${booked.body.insertedId}`, {
      token: ctx.people.buyer.token,
    });
    expect(view.body.meetup).toBeUndefined();
  });
});

describe('the calendar entry', () => {
  it('goes to the buyer and the seller only, with the spot as LOCATION, escaped so it cannot add lines', async () => {
    // a spot at Uttara's centre, nearest to an Uttara listing and buyer, whose name tries to end the event
    const evil = 'Evil; Mall, "Uttara"\\\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nATTENDEE:mailto:victim@example.com';
    const created = await call(server(), 'post', '/api/meetup-spots', {
      token: ctx.people.admin.token,
      body: spotBody({
        name: evil,
        address: 'Sector 4; Uttara, Dhaka',
        area: 'uttara',
        lat: 23.8759,
        lng: 90.3795,
        hours: {
          mon: { opens: '00:00', closes: '24:00' },
          tue: { opens: '00:00', closes: '24:00' },
          wed: { opens: '00:00', closes: '24:00' },
          thu: { opens: '00:00', closes: '24:00' },
          fri: { opens: '00:00', closes: '24:00' },
          sat: { opens: '00:00', closes: '24:00' },
          sun: { opens: '00:00', closes: '24:00' },
        },
      }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const mobileId = await listingIn('uttara');
    const booked = await bookWith({
      mobileId,
      area: 'uttara',
      meetupSpotId: created.body._id,
      meetupAt: nextLocal('wed', '15:30'),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const bookingId = booked.body.insertedId as string;

    for (const who of ['buyer', 'seller'] as const) {
      const ics = await calendar(bookingId, ctx.people[who].token);
      expect(ics.status).toBe(200);
      expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
      const text = ics.text;
      const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
      expect(lines.map((line) => line.split(/[:;]/)[0])).toEqual([
        'BEGIN',
        'VERSION',
        'PRODID',
        'CALSCALE',
        'METHOD',
        'BEGIN',
        'UID',
        'DTSTAMP',
        'DTSTART',
        'DTEND',
        'SUMMARY',
        'LOCATION',
        'DESCRIPTION',
        'END',
        'END',
      ]);
      expect(lines.find((line) => line.startsWith('LOCATION:'))).toBe(
        'LOCATION:Evil\\; Mall\\, "Uttara"\\\\\\nEND:VEVENT\\nBEGIN:VEVENT\\nATTENDEE:mailto:victim@example.com\\, Sector 4\\; Uttara\\, Dhaka',
      );
      // 15:30 in Dhaka is 09:30 UTC
      expect(lines.find((line) => line.startsWith('DTSTART:'))).toMatch(/^DTSTART:\d{8}T093000Z$/);
      for (const raw of text.split('\r\n')) expect(Buffer.byteLength(raw)).toBeLessThanOrEqual(75);
      expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    }
    for (const who of ['otherBuyer', 'otherSeller', 'admin'] as const) {
      expect((await calendar(bookingId, ctx.people[who].token)).status, who).toBe(403);
    }
    expect((await calendar(bookingId, null)).status).toBe(401);
    expect((await calendar('b-nowhere', ctx.people.buyer.token)).status).toBe(404);
  });

  it('is a 404 in words for a booking with no meetup time', async () => {
    const mobileId = await listingIn('motijheel');
    const booked = await bookWith({ mobileId, location: 'Dhaka' });
    const none = await calendar(booked.body.insertedId, ctx.people.buyer.token);
    expect([none.status, none.body]).toEqual([404, { message: meetupRefusals.noMeetup }]);
  });
});

describe('the reminder', () => {
  const reminders = (mobileId: string) =>
    ctx.app.db.all<{ user_id: string; text: string }>(
      "SELECT user_id, text FROM notifications WHERE kind = 'meetup_reminder' AND mobile_id = ? ORDER BY user_id",
      [mobileId],
    );

  it(`tells both sides once, ${MEETUP_REMINDER_HOURS} hours before, as the demo clock moves`, async () => {
    const mobileId = await listingIn('motijheel');
    const area = 'motijheel';
    const suggested = await call(
      server(),
      'get',
      `/api/meetup-suggestions?mobileId=${mobileId}&area=${area}`,
      {
        token: ctx.people.buyer.token,
      },
    );
    // a police station, open all day, so any hour will do
    const spot = (suggested.body.spots as { spot: MeetupSpot }[]).find(
      (one) => one.spot.kind === 'police_station',
    )!.spot;
    const at = new Date(ctx.app.services.clock.now().getTime() + 4.5 * HOUR);
    at.setUTCSeconds(0, 0);
    const booked = await bookWith({ mobileId, area, meetupSpotId: spot._id, meetupAt: at.toISOString() });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);

    const advance = async (hours: number) => {
      const moved = await call(server(), 'post', '/api/demo/clock', {
        token: ctx.people.admin.token,
        body: { hours },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    };
    await ctx.app.services.meetups.remindDue();
    expect(await reminders(mobileId)).toEqual([]);
    await advance(2); // 2.5 h to go
    expect(await reminders(mobileId)).toEqual([]);
    await advance(1); // 1.5 h to go: within the 2 hours
    const told = await reminders(mobileId);
    expect(told).toHaveLength(2);
    const title = 'Phone in motijheel';
    expect(told.map((one) => one.text).sort()).toEqual(
      [
        notificationText('meetup_reminder', 'buyer', { title, place: spot.name }),
        notificationText('meetup_reminder', 'seller', { title, place: spot.name }),
      ].sort(),
    );
    // the job again, twice at once, and the clock past the meetup: still once
    const again = await Promise.all([
      ctx.app.services.meetups.remindDue(),
      ctx.app.services.meetups.remindDue(),
    ]);
    expect(again).toEqual([0, 0]);
    await advance(1);
    expect(await reminders(mobileId)).toHaveLength(2);
    const emails = await ctx.app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM outbox WHERE channel = 'email' AND subject LIKE ?",
      [`Your meetup for ${title}%`],
    );
    expect(Number(emails?.n)).toBe(2);
  });

  it('is never sent for a cancelled booking', async () => {
    const mobileId = await listingIn('old-dhaka');
    const at = new Date(ctx.app.services.clock.now().getTime() + 3 * HOUR).toISOString();
    const booked = await bookWith(
      { mobileId, location: 'Lalbagh Fort gate', meetupAt: at },
      ctx.people.otherBuyer.token,
    );
    expect(booked.status).toBe(201);
    const cancelled = await call(server(), 'post', `/api/bookings/${booked.body.insertedId}/cancel`, {
      token: ctx.people.otherBuyer.token,
    });
    expect(cancelled.status).toBe(200);
    ctx.app.services.clock.advance(1.5 * HOUR);
    await ctx.app.services.meetups.remindDue();
    expect(await reminders(mobileId)).toEqual([]);
  });
});
