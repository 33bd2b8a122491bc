// The meetup's rulebook: the fixed areas and their centres, the distance maths that suggests three
// spots between a seller's area and a buyer's, opening hours, the refusals in words, the reminder's lead time and
// the booking's calendar entry. The server enforces these, the mocks copy them and the web explains them.
import type { components } from './generated/schema';

type Schemas = components['schemas'];
export type AreaId = Schemas['AreaId'];
export type MeetupSpot = Schemas['MeetupSpot'];
export type NewMeetupSpot = Schemas['NewMeetupSpot'];
export type OpeningHours = Schemas['OpeningHours'];
export type MeetupSpotKind = Schemas['MeetupSpotKind'];
export type BookingMeetup = Schemas['BookingMeetup'];

export interface Point {
  lat: number;
  lng: number;
}

export interface Area extends Point {
  id: AreaId;
  name: string;
}

/** The areas a listing and a booking may name, each with its centre (Dhaka; one list for server, mocks and web). */
export const AREAS: readonly Area[] = [
  { id: 'gulshan', name: 'Gulshan', lat: 23.7925, lng: 90.4078 },
  { id: 'banani', name: 'Banani', lat: 23.794, lng: 90.4043 },
  { id: 'baridhara', name: 'Baridhara', lat: 23.8042, lng: 90.4219 },
  { id: 'bashundhara', name: 'Bashundhara', lat: 23.8193, lng: 90.4526 },
  { id: 'uttara', name: 'Uttara', lat: 23.8759, lng: 90.3795 },
  { id: 'mirpur', name: 'Mirpur', lat: 23.8223, lng: 90.3654 },
  { id: 'mohammadpur', name: 'Mohammadpur', lat: 23.7662, lng: 90.3589 },
  { id: 'dhanmondi', name: 'Dhanmondi', lat: 23.7461, lng: 90.3742 },
  { id: 'tejgaon', name: 'Tejgaon', lat: 23.7639, lng: 90.3929 },
  { id: 'motijheel', name: 'Motijheel', lat: 23.733, lng: 90.4172 },
  { id: 'old-dhaka', name: 'Old Dhaka', lat: 23.7104, lng: 90.4074 },
  { id: 'badda', name: 'Badda', lat: 23.7806, lng: 90.4265 },
];

export const areaOf = (id: string): Area | undefined => AREAS.find((area) => area.id === id);

export const MEETUP_SPOT_KINDS: Readonly<Record<MeetupSpotKind, string>> = {
  police_station: 'Police station',
  mall: 'Shopping mall',
  repair_shop: 'Repair shop',
};

/** How many spots a booking is offered. */
export const MEETUP_SUGGESTIONS = 3;
/** The reminder goes this long before the meetup, once per booking, to both sides. */
export const MEETUP_REMINDER_HOURS = 2;
/** A meetup is booked at most this far ahead (a hold lasts days, not months). */
export const MEETUP_MAX_DAYS_AHEAD = 30;
/** How long the calendar entry lasts. */
export const MEETUP_MINUTES = 30;
/**
 * Opening hours are local time in Dhaka, which keeps UTC+6 all year (no daylight saving), so a fixed offset is
 * exact and the server, the mocks and the browser agree whatever their own time zone.
 */
export const MEETUP_TIME_ZONE = 'Asia/Dhaka';
export const MEETUP_UTC_OFFSET_MINUTES = 6 * 60;
/** The coordinates a spot may have (the contract's Latitude and Longitude; a test holds the SQL CHECK to them). */
export const LATITUDE_RANGE = [-90, 90] as const;
export const LONGITUDE_RANGE = [-180, 180] as const;

const EARTH_RADIUS_KM = 6371.0088;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance (haversine), in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point halfway along the great circle between two points. */
export function midpoint(a: Point, b: Point): Point {
  const φ1 = rad(a.lat);
  const φ2 = rad(b.lat);
  const Δλ = rad(b.lng - a.lng);
  const bx = Math.cos(φ2) * Math.cos(Δλ);
  const by = Math.cos(φ2) * Math.sin(Δλ);
  const lat = Math.atan2(Math.sin(φ1) + Math.sin(φ2), Math.sqrt((Math.cos(φ1) + bx) ** 2 + by ** 2));
  const lng = rad(a.lng) + Math.atan2(by, Math.cos(φ1) + bx);
  return { lat: deg(lat), lng: ((deg(lng) + 540) % 360) - 180 };
}

/** Where a deal's spots are looked for: midway between the seller's area and the buyer's (the buyer's alone without one). */
export function meetingPoint(buyerArea: AreaId, sellerArea?: AreaId | null): Point {
  const buyer = areaOf(buyerArea);
  if (!buyer) throw new Error(`unknown area ${buyerArea}`);
  const seller = sellerArea ? areaOf(sellerArea) : undefined;
  return seller ? midpoint(buyer, seller) : { lat: buyer.lat, lng: buyer.lng };
}

/** The `count` spots nearest `point`, nearest first (ties by id, so every caller agrees), with their distance to 0.1 km. */
export function nearestSpots<T extends Point & { _id: string }>(
  spots: readonly T[],
  point: Point,
  count = MEETUP_SUGGESTIONS,
): { spot: T; distanceKm: number }[] {
  return spots
    .map((spot) => ({ spot, exact: distanceKm(point, spot) }))
    .sort((a, b) => a.exact - b.exact || (a.spot._id < b.spot._id ? -1 : a.spot._id > b.spot._id ? 1 : 0))
    .slice(0, count)
    .map(({ spot, exact }) => ({ spot, distanceKm: Math.round(exact * 10) / 10 }));
}

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The weekday and minute of the day in Dhaka at an instant. */
export function localTime(at: Date): { day: Weekday; minute: number } {
  const shifted = new Date(at.getTime() + MEETUP_UTC_OFFSET_MINUTES * 60_000);
  // getUTCDay: 0 is Sunday
  const day = WEEKDAYS[(shifted.getUTCDay() + 6) % 7] as Weekday;
  return { day, minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
}

/** "10:00–20:00", or "open all day". */
export const hoursText = (times: { opens: string; closes: string }) =>
  times.opens === '00:00' && times.closes === '24:00' ? 'open all day' : `${times.opens}–${times.closes}`;

/** The words for what is wrong with a spot's opening hours, or null: each day must close after it opens. */
export function hoursRefusal(hours: OpeningHours): string | null {
  for (const day of WEEKDAYS) {
    const times = hours[day];
    if (times && minutesOf(times.closes) <= minutesOf(times.opens)) {
      return `On ${WEEKDAY_NAMES[day]} the spot must close after it opens (${times.opens} to ${times.closes})`;
    }
  }
  if (WEEKDAYS.every((day) => !hours[day])) return 'Give the days and hours the spot is open';
  return null;
}

/** The words of a refused meetup time. */
export const meetupRefusals = {
  past: 'Choose a meetup time in the future',
  tooFar: `Choose a meetup time within the next ${MEETUP_MAX_DAYS_AHEAD} days`,
  closedThatDay: (place: string, day: Weekday) =>
    `${place} is closed on ${WEEKDAY_NAMES[day]}s: choose another day or another spot`,
  outsideHours: (place: string, day: Weekday, times: { opens: string; closes: string }) =>
    `${place} is open ${times.opens}–${times.closes} on ${WEEKDAY_NAMES[day]}s: choose a time within those hours`,
  notSuggested: 'Choose one of the three spots suggested for this phone and your area, or another place',
  areaNeeded: 'Choose your area first: the spots are suggested from it',
  noSuchSpot: 'That meetup spot is no longer offered: choose another',
  timeNeeded: 'Choose when to meet at the spot',
  noMeetup: 'This booking has no meetup time',
} as const;

/**
 * Why a meetup at `at` cannot be booked at `spot` (or at another place, `spot` null), or null. `now` is the deal
 * clock. The meetup starts within the hours: at closing time is refused.
 */
export function meetupTimeRefusal(
  spot: Pick<MeetupSpot, 'name' | 'hours'> | null,
  at: Date,
  now: Date,
): string | null {
  if (!Number.isFinite(at.getTime()) || at.getTime() <= now.getTime()) return meetupRefusals.past;
  if (at.getTime() > now.getTime() + MEETUP_MAX_DAYS_AHEAD * 24 * 3_600_000) return meetupRefusals.tooFar;
  if (!spot) return null;
  const { day, minute } = localTime(at);
  const times = spot.hours[day];
  if (!times) return meetupRefusals.closedThatDay(spot.name, day);
  if (minute < minutesOf(times.opens) || minute >= minutesOf(times.closes)) {
    return meetupRefusals.outsideHours(spot.name, day, times);
  }
  return null;
}

// --- the calendar entry (RFC 5545) ----------------------------------------------------------------------------

/**
 * A TEXT value escaped per RFC 5545 3.3.11: backslash, semicolon and comma escaped, a line break written `\n`;
 * every other control character dropped. So a spot's name cannot end its line and start a property of its own.
 */
export function icsText(value: string): string {
  return (
    value
      .replace(/\r\n?|\n/g, '\n')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\n/g, '\\n')
  );
}

const utf8 = new TextEncoder();

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function icsFold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8.encode(char).length;
    // continuation lines start with a space, which counts
    if (octets + size > 75) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const icsTime = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export function meetupCalendar(entry: {
  bookingId: string;
  title: string;
  meetup: { place: string; address?: string | undefined; at: string };
  now: Date;
  domain?: string;
}): string {
  const start = new Date(entry.meetup.at);
  const end = new Date(start.getTime() + MEETUP_MINUTES * 60_000);
  const location = entry.meetup.address
    ? `${entry.meetup.place}, ${entry.meetup.address}`
    : entry.meetup.place;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//ReCell//Meetup//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.bookingId.replace(/[^A-Za-z0-9_-]/g, '')}@${entry.domain ?? 'recell.app'}`,
    `DTSTAMP:${icsTime(entry.now)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(`ReCell meetup: ${entry.title}`)}`,
    `LOCATION:${icsText(location)}`,
    `DESCRIPTION:${icsText('Check the phone, then give or enter the handover code in ReCell. Never pay outside ReCell.')}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(icsFold).join('\r\n')}\r\n`;
}
