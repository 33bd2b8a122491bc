// Meetup spots and the meetup columns of a booking: every statement on meetup_spots is here, and the
// ones on bookings' meetup columns (the reminder's claim among them).
import type { AreaId, MeetupSpot, NewMeetupSpot, OpeningHours } from '@recell/api';
import type { Database } from '../../db/database';
import { pageOfRows } from '../../db/paging';
import type { PageRequest } from '../../http/pagination';

interface SpotRow {
  id: string;
  name: string;
  address: string;
  area: AreaId;
  lat: number;
  lng: number;
  hours: string;
  kind: MeetupSpot['kind'];
  cctv: 0 | 1;
}

const SPOT_COLUMNS = 'id, name, address, area, lat, lng, hours, kind, cctv';

const toSpot = (row: SpotRow): MeetupSpot => ({
  _id: row.id,
  name: row.name,
  address: row.address,
  area: row.area,
  lat: Number(row.lat),
  lng: Number(row.lng),
  hours: JSON.parse(row.hours) as OpeningHours,
  kind: row.kind,
  cctv: row.cctv === 1,
});

/** What a booking keeps of its meetup: the spot as it was, or a place in words; the buyer's area. */
export interface MeetupPlan {
  area: AreaId | null;
  spotId: string | null;
  place: string | null;
  address: string | null;
  at: string | null;
}

/** A meetup the reminder job tells both sides of. */
export interface DueMeetup {
  id: string;
  buyer_email: string;
  buyer_name: string;
  seller_id: string | null;
  mobile_id: string;
  mobile_name: string;
  picture: string;
  price_cents: number;
  meetup_place: string;
}

export function meetupsRepository(db: Database) {
  const values = (spot: NewMeetupSpot) => [
    spot.name,
    spot.address,
    spot.area,
    spot.lat,
    spot.lng,
    JSON.stringify(spot.hours),
    spot.kind,
    spot.cctv ? 1 : 0,
  ];
  return {
    async page(page: PageRequest) {
      const { rows, total } = await pageOfRows<SpotRow>(db, {
        columns: SPOT_COLUMNS,
        from: 'FROM meetup_spots',
        order: 'area, name, id',
        page,
      });
      return { rows: rows.map(toSpot), total };
    },
    /** Every spot (a city's worth: tens, not thousands), for the distance maths. */
    all: async () =>
      (await db.all<SpotRow>(`SELECT ${SPOT_COLUMNS} FROM meetup_spots ORDER BY id`)).map(toSpot),
    find: async (id: string) => {
      const row = await db.get<SpotRow>(`SELECT ${SPOT_COLUMNS} FROM meetup_spots WHERE id = ?`, [id]);
      return row && toSpot(row);
    },
    insert: (id: string, spot: NewMeetupSpot, at: string) =>
      db.run(
        `INSERT INTO meetup_spots (name, address, area, lat, lng, hours, kind, cctv, id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [...values(spot), id, at, at],
      ),
    update: (id: string, spot: NewMeetupSpot, at: string) =>
      db.run(
        `UPDATE meetup_spots SET name = ?, address = ?, area = ?, lat = ?, lng = ?, hours = ?, kind = ?, cctv = ?,
           updated_at = ? WHERE id = ?`,
        [...values(spot), at, id],
      ),
    remove: (id: string) => db.run('DELETE FROM meetup_spots WHERE id = ?', [id]),

    /** A listing and its area (the seller's), if it names one. */
    listing: (mobileId: string) =>
      db.get<{ area: AreaId | null }>('SELECT area FROM mobiles WHERE id = ?', [mobileId]),

    /** Writes a new booking's meetup, in the booking's transaction. */
    attach: (bookingId: string, plan: MeetupPlan) =>
      db.run(
        `UPDATE bookings SET area = ?, meetup_spot_id = ?, meetup_place = ?, meetup_address = ?, meetup_at = ?
         WHERE id = ?`,
        [plan.area, plan.spotId, plan.place, plan.address, plan.at, bookingId],
      ),

    /** Open deals whose meetup is at most `until` and still ahead of `now`, not yet reminded. */
    due: (now: string, until: string) =>
      db.all<DueMeetup>(
        `SELECT id, buyer_email, buyer_name, seller_id, mobile_id, mobile_name, picture, price_cents, meetup_place
           FROM bookings
          WHERE meetup_at IS NOT NULL AND meetup_reminded_at IS NULL AND meetup_at > ? AND meetup_at <= ?
            AND status IN ('unpaid', 'held') AND cancelled = 0
          ORDER BY meetup_at, id`,
        [now, until],
      ),
    /** Claims a booking's reminder: 1 change for the one caller that writes it, 0 for any other. */
    claimReminder: (bookingId: string, at: string) =>
      db.run('UPDATE bookings SET meetup_reminded_at = ? WHERE id = ? AND meetup_reminded_at IS NULL', [
        at,
        bookingId,
      ]),
  };
}

export type MeetupsRepository = ReturnType<typeof meetupsRepository>;
