// Meetup spots: the admins' list of places (audited), the three suggested for a deal, a booking's
// meetup checked against the rulebook (@recell/api meetup.ts), its calendar entry and its reminder.
import {
  hoursRefusal,
  meetingPoint,
  meetupCalendar,
  MEETUP_REMINDER_HOURS,
  meetupRefusals,
  meetupTimeRefusal,
  nearestSpots,
  type AreaId,
  type MeetupSpot,
  type NewMeetupSpot,
} from '@recell/api';
import { isSelf, type CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { AuditRepository } from '../audit/repository';
import type { Clock } from '../deals/clock';
import type { DealsRepository } from '../deals/repository';
import type { DueMeetup, MeetupPlan, MeetupsRepository } from './repository';

const badRequest = (message: string): never => {
  throw new HttpError(400, message);
};

/** A port (the notifications module's, wired in app.ts): both sides told the meetup is near, in its transaction. */
export type MeetupNotice = (meetup: DueMeetup) => Promise<void>;

/** What a booking asks of its meetup (NewBooking's fields). */
export interface MeetupRequest {
  area?: AreaId | undefined;
  meetupSpotId?: string | undefined;
  meetupAt?: string | undefined;
}

export function meetupsService(deps: {
  db: Database;
  spots: MeetupsRepository;
  deals: DealsRepository;
  audit: AuditRepository;
  clock: Clock;
  notify?: MeetupNotice;
  /** The calendar entry's UID domain (the site's host). */
  domain?: string;
}) {
  const { db, spots, audit, clock } = deps;

  const checked = (body: NewMeetupSpot) => {
    const refusal = hoursRefusal(body.hours);
    if (refusal) badRequest(refusal);
    return body;
  };

  async function suggestions(mobileId: string, area: AreaId) {
    const listing = (await spots.listing(mobileId)) ?? notFound();
    return nearestSpots(await spots.all(), meetingPoint(area, listing.area));
  }

  return {
    async listMeetupSpots(page: PageRequest) {
      const { rows, total } = await spots.page(page);
      return pageOf(rows, total, page);
    },

    async createMeetupSpot(admin: CurrentUser, body: NewMeetupSpot): Promise<MeetupSpot> {
      const spot = checked(body);
      const id = newId('ms');
      await db.transaction(async () => {
        await spots.insert(id, spot, now());
        await audit.record(admin.email, 'meetup-spot.create', id, spot.name);
      });
      return (await spots.find(id)) ?? notFound();
    },

    async updateMeetupSpot(admin: CurrentUser, id: string, body: NewMeetupSpot): Promise<MeetupSpot> {
      const spot = checked(body);
      await db.transaction(async () => {
        const { changes } = await spots.update(id, spot, now());
        if (changes === 0) notFound();
        await audit.record(admin.email, 'meetup-spot.update', id, spot.name);
      });
      return (await spots.find(id)) ?? notFound();
    },

    async deleteMeetupSpot(admin: CurrentUser, id: string) {
      await db.transaction(async () => {
        const spot = (await spots.find(id)) ?? notFound();
        await spots.remove(id);
        await audit.record(admin.email, 'meetup-spot.delete', id, spot.name);
      });
      return { deletedCount: 1 };
    },

    async suggestMeetupSpots(mobileId: string, area: AreaId) {
      return { spots: await suggestions(mobileId, area) };
    },

    /**
     * A new booking's meetup, checked before it is written: a spot must be one of the deal's three and open at
     * the time; another place (`location`, in words) needs only a time ahead, if it has one. 400 in words, or 404
     * for the listing.
     */
    async plan(mobileId: string, request: MeetupRequest, location: string): Promise<MeetupPlan> {
      const area = request.area ?? null;
      const at = request.meetupAt ? new Date(request.meetupAt) : null;
      if (request.meetupSpotId) {
        if (!area) badRequest(meetupRefusals.areaNeeded);
        const offered = await suggestions(mobileId, area as AreaId);
        const spot =
          offered.find((one) => one.spot._id === request.meetupSpotId)?.spot ??
          ((await spots.find(request.meetupSpotId))
            ? badRequest(meetupRefusals.notSuggested)
            : badRequest(meetupRefusals.noSuchSpot));
        if (!at) return badRequest(meetupRefusals.timeNeeded);
        const refusal = meetupTimeRefusal(spot, at, clock.now());
        if (refusal) badRequest(refusal);
        return { area, spotId: spot._id, place: spot.name, address: spot.address, at: at.toISOString() };
      }
      if (at) {
        const refusal = meetupTimeRefusal(null, at, clock.now());
        if (refusal) badRequest(refusal);
      }
      return {
        area,
        spotId: null,
        place: at ? location : null,
        address: null,
        at: at?.toISOString() ?? null,
      };
    },

    /** In the booking's transaction. */
    attach: (bookingId: string, plan: MeetupPlan) =>
      plan.area || plan.place || plan.at ? spots.attach(bookingId, plan) : Promise.resolve(undefined),

    /** The meetup as an .ics event: the booking's buyer and its seller only (not an admin: it is their diary). */
    async getBookingCalendar(user: CurrentUser, bookingId: string) {
      const booking = (await deps.deals.find(bookingId)) ?? notFound();
      if (!isSelf(user, booking.buyer_email) && booking.seller_id !== user.id) forbidden();
      if (!booking.meetup_at || !booking.meetup_place) throw new HttpError(404, meetupRefusals.noMeetup);
      return meetupCalendar({
        bookingId: booking.id,
        title: booking.mobile_name,
        meetup: {
          place: booking.meetup_place,
          ...(booking.meetup_address ? { address: booking.meetup_address } : {}),
          at: booking.meetup_at,
        },
        now: clock.now(),
        ...(deps.domain ? { domain: deps.domain } : {}),
      });
    },

    /**
     * Both sides of each open deal whose meetup is within MEETUP_REMINDER_HOURS on the deal clock are told, once:
     * the claim and the notice are one transaction, so two runs (or two processes) write one reminder.
     */
    async remindDue(): Promise<number> {
      const at = clock.now();
      const until = new Date(at.getTime() + MEETUP_REMINDER_HOURS * 3_600_000);
      let reminded = 0;
      for (const meetup of await spots.due(at.toISOString(), until.toISOString())) {
        const told = await db.transaction(async () => {
          const { changes } = await spots.claimReminder(meetup.id, at.toISOString());
          if (changes === 0) return false;
          await deps.notify?.(meetup);
          return true;
        });
        if (told) reminded += 1;
      }
      return reminded;
    },
  };
}

export type MeetupsService = ReturnType<typeof meetupsService>;
