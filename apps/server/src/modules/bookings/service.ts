import { MAX_OPEN_BOOKINGS, type Booking, type components } from '@recell/api';
import { requireOwnEmail, type CurrentUser } from '../../auth/policy';
import { conflict, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import { isConstraintViolation, type Database } from '../../db/database';
import type { CatalogueRepository } from '../catalogue/repository';
import type { DealsRepository } from '../deals/repository';
import type { BookingRow, DealNotice } from '../deals/record';
import type { DealService } from '../deals/service';
import type { MeetupsService } from '../meetups/service';
import type { BookingsRepository } from './repository';

type NewBooking = components['schemas']['NewBooking'];

const acknowledged = (insertedId: string) => ({ acknowledged: true as const, insertedId });

/**
 * A port (the claims module's, wired in app.ts): what each completed booking's view shows of its claim window
 * (`claimUntil`, to its buyer) and of its claim (to its buyer and seller), by booking id.
 */
export type BookingClaims = (
  user: CurrentUser,
  rows: readonly BookingRow[],
) => Promise<ReadonlyMap<string, Pick<Booking, 'claimUntil' | 'claim'>>>;

export function bookingsService(deps: {
  db: Database;
  bookings: BookingsRepository;
  mobiles: CatalogueRepository;
  deals: DealsRepository;
  deal: DealService;
  /** The seller told of the booking, in its transaction (the notifications module, wired in app.ts). */
  notify?: DealNotice;
  /** The meetup's spot, time and area, checked and written with the booking. */
  meetups?: Pick<MeetupsService, 'plan' | 'attach'>;
  claims?: BookingClaims;
}) {
  const { bookings, mobiles, deal } = deps;
  /** The bookings as this caller may see them, with their claim window and claim. */
  async function views(user: CurrentUser, rows: readonly BookingRow[]): Promise<Booking[]> {
    const claims = deps.claims ? await deps.claims(user, rows) : undefined;
    return rows.map((row) => ({ ...deal.view(user, row), ...claims?.get(row.id) }));
  }
  return {
    /**
     * Price, name, picture and reference come from the listing; the buyer from the token. A buyer has one open
     * booking per listing: booking it again answers that one (`created: false`), never a second row.
     */
    async createBooking(buyer: CurrentUser, body: NewBooking) {
      const mobile = (await mobiles.find(body.mobileId)) ?? notFound();
      const existing = await bookings.openOf(mobile.id, buyer.email);
      if (existing) return { created: false, body: acknowledged(existing.id) };
      if (mobile.stock === 0) conflict('This phone is sold out', 'sold_out');
      if ((await bookings.openCount(buyer.email)) >= MAX_OPEN_BOOKINGS) {
        conflict(
          `You have ${MAX_OPEN_BOOKINGS} open bookings: pay for or cancel one before booking another phone`,
          'too_many_open_bookings',
        );
      }
      const location = body.location || mobile.location;
      const meetup = await deps.meetups?.plan(mobile.id, body, location);
      const id = newId('b');
      const row = {
        id,
        mobile_id: mobile.id,
        buyer_email: buyer.email,
        buyer_name: buyer.name,
        mobile_name: mobile.title,
        price_cents: mobile.resale_cents,
        picture: mobile.picture,
        booking_ref: mobile.booking_ref,
        phone: body.phone ?? '',
        location: meetup?.spotId ? `${meetup.place ?? ''}, ${meetup.address ?? ''}` : location,
        booked_at: now(),
        paid: 0 as const,
        seller_id: mobile.seller_id,
      };
      const inserted = await deps.db
        .transaction(async () => {
          await bookings.insert(row);
          if (meetup) await deps.meetups?.attach(id, meetup);
          await deps.notify?.('booking', row, buyer.id);
        })
        .then(
          () => true,
          (error: unknown) => {
            // The same buyer's second Book racing the first: the unique index let one through.
            if (!isConstraintViolation(error)) throw error;
            return false;
          },
        );
      if (inserted) return { created: true, body: acknowledged(id) };
      const winner = (await bookings.openOf(mobile.id, buyer.email)) ?? conflict('Please try again');
      return { created: false, body: acknowledged(winner.id) };
    },

    async listBookings(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows, total } = await bookings.byBuyer(email, page);
      return pageOf(await views(user, rows), total, page);
    },

    async getBooking(user: CurrentUser, id: string): Promise<Booking> {
      const booking = (await deps.deals.find(id)) ?? notFound();
      requireOwnEmail(user, booking.buyer_email);
      const [view] = await views(user, [booking]);
      return view!;
    },

    async listSellerBuyers(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows, total } = await bookings.bySeller(email, page);
      // deal.view shows a code only to a booking's own buyer: a seller (or an admin) never sees one here.
      return pageOf(await views(user, rows), total, page);
    },
  };
}

export type BookingsService = ReturnType<typeof bookingsService>;
