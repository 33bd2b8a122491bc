// The meetup rulebook's pure parts: distances, the midpoint, the nearest three, Dhaka time and opening
// hours, and the calendar entry's escaping and folding.
import { describe, expect, it } from 'vitest';
import {
  AREAS,
  distanceKm,
  hoursRefusal,
  icsFold,
  icsText,
  localTime,
  meetingPoint,
  meetupCalendar,
  meetupRefusals,
  meetupTimeRefusal,
  midpoint,
  nearestSpots,
} from '../src/meetup';
import { meetupSpotFixtures } from '../src/fixtures';

describe('distances', () => {
  it('measures a known distance (Dhaka to Chattogram, about 216 km) and is symmetric', () => {
    const dhaka = { lat: 23.8103, lng: 90.4125 };
    const chattogram = { lat: 22.3569, lng: 91.7832 };
    expect(distanceKm(dhaka, chattogram)).toBeGreaterThan(210);
    expect(distanceKm(dhaka, chattogram)).toBeLessThan(222);
    expect(distanceKm(dhaka, chattogram)).toBeCloseTo(distanceKm(chattogram, dhaka), 9);
    expect(distanceKm(dhaka, dhaka)).toBe(0);
  });

  it('takes a quarter of the equator as a quarter of the earth', () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 90 })).toBeCloseTo((Math.PI * 6371.0088) / 2, 3);
  });

  it('finds the midpoint halfway from each end, also across the antimeridian', () => {
    const a = AREAS.find((area) => area.id === 'uttara')!;
    const b = AREAS.find((area) => area.id === 'old-dhaka')!;
    const mid = midpoint(a, b);
    expect(distanceKm(a, mid)).toBeCloseTo(distanceKm(mid, b), 6);
    expect(distanceKm(a, mid) * 2).toBeCloseTo(distanceKm(a, b), 6);
    const across = midpoint({ lat: 0, lng: 179 }, { lat: 0, lng: -179 });
    expect(Math.abs(across.lng)).toBeCloseTo(180, 6);
  });

  it("uses the buyer's centre alone when the listing names no area", () => {
    const mirpur = AREAS.find((area) => area.id === 'mirpur')!;
    expect(meetingPoint('mirpur')).toEqual({ lat: mirpur.lat, lng: mirpur.lng });
    expect(meetingPoint('mirpur', null)).toEqual({ lat: mirpur.lat, lng: mirpur.lng });
  });
});

describe('the nearest three', () => {
  it('are the three closest, nearest first, to 0.1 km', () => {
    const point = meetingPoint('dhanmondi', 'tejgaon');
    const three = nearestSpots(meetupSpotFixtures, point);
    expect(three.map((one) => one.spot._id)).toEqual([
      'ms-bashundhara-city',
      'ms-dhanmondi-police',
      'ms-multiplan',
    ]);
    const every = meetupSpotFixtures.map((spot) => distanceKm(point, spot)).sort((a, b) => a - b);
    expect(three.map((one) => one.distanceKm)).toEqual(
      every.slice(0, 3).map((km) => Math.round(km * 10) / 10),
    );
  });

  it('breaks a tie by id, so the server and the mocks agree', () => {
    const here = { lat: 23.8, lng: 90.4 };
    const twins = [
      { _id: 'b', ...here },
      { _id: 'a', ...here },
      { _id: 'c', lat: 23.9, lng: 90.4 },
    ];
    expect(nearestSpots(twins, here, 2).map((one) => one.spot._id)).toEqual(['a', 'b']);
  });

  it('offers fewer when there are fewer spots, and none from none', () => {
    expect(nearestSpots([], { lat: 0, lng: 0 })).toEqual([]);
    expect(nearestSpots(meetupSpotFixtures.slice(0, 2), { lat: 0, lng: 0 })).toHaveLength(2);
  });
});

describe('opening hours in Dhaka time', () => {
  const mall = { name: 'The Mall', hours: { mon: { opens: '10:00', closes: '20:00' } } };
  // Monday 2026-11-30 in Dhaka (UTC+6); the clock stands on the Sunday before
  const now = new Date('2026-11-29T00:00:00Z');
  const dhaka = (local: string) => new Date(`${local}+06:00`);

  it('reads the weekday and minute in Dhaka, not the server', () => {
    expect(localTime(new Date('2026-11-29T18:30:00Z'))).toEqual({ day: 'mon', minute: 30 });
    expect(localTime(new Date('2026-11-30T17:59:00Z'))).toEqual({ day: 'mon', minute: 23 * 60 + 59 });
  });

  it('accepts from opening up to a minute before closing', () => {
    expect(meetupTimeRefusal(mall, dhaka('2026-11-30T10:00:00'), now)).toBeNull();
    expect(meetupTimeRefusal(mall, dhaka('2026-11-30T19:59:00'), now)).toBeNull();
  });

  it('refuses before opening, at closing, a closed day, the past and too far ahead', () => {
    const outside = meetupRefusals.outsideHours('The Mall', 'mon', { opens: '10:00', closes: '20:00' });
    expect(meetupTimeRefusal(mall, dhaka('2026-11-30T09:59:00'), now)).toBe(outside);
    expect(meetupTimeRefusal(mall, dhaka('2026-11-30T20:00:00'), now)).toBe(outside);
    expect(meetupTimeRefusal(mall, dhaka('2026-12-01T12:00:00'), now)).toBe(
      meetupRefusals.closedThatDay('The Mall', 'tue'),
    );
    expect(meetupTimeRefusal(mall, new Date('2026-11-28T23:59:00Z'), now)).toBe(meetupRefusals.past);
    expect(meetupTimeRefusal(mall, now, now)).toBe(meetupRefusals.past);
    expect(meetupTimeRefusal(null, new Date('2027-01-05T00:00:00Z'), now)).toBe(meetupRefusals.tooFar);
    expect(meetupTimeRefusal(mall, new Date('not a time'), now)).toBe(meetupRefusals.past);
  });

  it('opens all day with 00:00 to 24:00', () => {
    const police = { name: 'Police', hours: { mon: { opens: '00:00', closes: '24:00' } } };
    expect(meetupTimeRefusal(police, dhaka('2026-11-30T00:00:00'), now)).toBeNull();
    expect(meetupTimeRefusal(police, dhaka('2026-11-30T23:59:00'), now)).toBeNull();
  });

  it('refuses hours that close before they open, or that never open', () => {
    expect(hoursRefusal({ fri: { opens: '18:00', closes: '18:00' } })).toBe(
      'On Friday the spot must close after it opens (18:00 to 18:00)',
    );
    expect(hoursRefusal({})).toBe('Give the days and hours the spot is open');
    expect(hoursRefusal({ sun: { opens: '00:00', closes: '24:00' } })).toBeNull();
  });
});

describe('the calendar entry', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other controls', () => {
    expect(icsText('a\\b;c,d\r\ne\nf\rg\u0000h\u2028i')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ngh' + 'i');
  });

  it('folds at 75 octets without splitting a character', () => {
    const long = `LOCATION:${'ঢাকা '.repeat(30)}`;
    const folded = icsFold(long);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });

  it('is one event whose LOCATION is the spot, whatever its name holds', () => {
    const ics = meetupCalendar({
      bookingId: 'b-1',
      title: 'iPhone',
      meetup: { place: 'X\r\nEND:VEVENT', address: 'Road 1, Dhaka', at: '2026-12-01T09:30:00.000Z' },
      now: new Date('2026-11-29T00:00:00Z'),
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.replace(/\r\n /g, '').split('\r\n');
    expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(1);
    expect(lines).toContain('LOCATION:X\\nEND:VEVENT\\, Road 1\\, Dhaka');
    expect(lines).toContain('DTSTART:20261201T093000Z');
    expect(lines).toContain('DTEND:20261201T100000Z');
  });
});
