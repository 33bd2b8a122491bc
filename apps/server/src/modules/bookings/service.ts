import type { Booking, components } from '@recell/api';
import type { CurrentUser } from '../../http/authenticate';
import { requireOwnEmail } from '../../http/authenticate';
import { conflict, forbidden, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { CatalogueRepository } from '../catalogue/repository';
import type { UsersRepository } from '../users/repository';
import { toBooking, type BookingsRepository } from './repository';

type NewBooking = components['schemas']['NewBooking'];

export function bookingsService(deps: {
  bookings: BookingsRepository;
  mobiles: CatalogueRepository;
  users: UsersRepository;
}) {
  const { bookings, mobiles } = deps;
  return {
    /** Price, name, picture and reference come from the listing; the buyer from the token. */
    async create(buyer: CurrentUser, body: NewBooking) {
      const mobile = (await mobiles.find(body.mobileId)) ?? notFound();
      if (mobile.stock === 0) conflict('This phone is sold out', 'sold_out');
      const id = newId('b');
      await bookings.insert({
        id,
        mobile_id: mobile.id,
        buyer_email: buyer.email,
        buyer_name: buyer.name,
        mobile_name: mobile.title,
        price_cents: mobile.resale_cents,
        picture: mobile.picture,
        booking_ref: mobile.booking_ref,
        phone: body.phone ?? '',
        location: body.location || mobile.location,
        booked_at: now(),
        paid: 0,
      });
      return { acknowledged: true as const, insertedId: id };
    },

    async mine(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const { rows, total } = await bookings.byBuyer(email, page);
      return pageOf(rows.map(toBooking), total, page);
    },

    async get(user: CurrentUser, id: string): Promise<Booking> {
      const booking = (await bookings.find(id)) ?? notFound();
      if (user.role !== 'admin' && booking.buyer_email.toLowerCase() !== user.email.toLowerCase())
        forbidden();
      return toBooking(booking);
    },

    async sellerBuyers(user: CurrentUser, email: string, page: PageRequest) {
      requireOwnEmail(user, email);
      const seller = await deps.users.findByEmail(email);
      if (!seller) return pageOf([], 0, page);
      const { rows, total } = await bookings.bySeller(seller.id, page);
      return pageOf(rows.map(toBooking), total, page);
    },
  };
}

export type BookingsService = ReturnType<typeof bookingsService>;
