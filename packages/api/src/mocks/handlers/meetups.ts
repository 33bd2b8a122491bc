// Meetup spots over the store, with the server's rulebook (../../meetup.ts): the admins' list, the
// three suggested spots, a booking's meetup checked against the spot's hours, and the calendar entry.
import { HttpResponse } from 'msw';
import {
  hoursRefusal,
  meetingPoint,
  meetupCalendar,
  meetupRefusals,
  meetupTimeRefusal,
  nearestSpots,
  type AreaId,
  type BookingMeetup,
  type NewMeetupSpot,
} from '../../meetup';
import { dealNow } from '../deal';
import type { MockStore } from '../store';
import { fail, http, now, paginate, requireUser, type OperationHandlers } from '../support';

const byAreaAndName = (a: { area: string; name: string }, b: { area: string; name: string }) =>
  a.area.localeCompare(b.area) || a.name.localeCompare(b.name);

function suggestions(store: MockStore, mobileId: string, area: AreaId) {
  const mobile = store.mobiles.find((candidate) => candidate._id === mobileId) ?? fail(404, 'Not found');
  return nearestSpots(store.meetupSpots, meetingPoint(area, mobile.area));
}

/** A new booking's area and meetup, as the server checks them (bookings.ts calls it before it books). */
export function planMeetup(
  store: MockStore,
  mobileId: string,
  body: { area?: AreaId | undefined; meetupSpotId?: string | undefined; meetupAt?: string | undefined },
  location: string,
): { area?: AreaId; meetup?: BookingMeetup } {
  const area = body.area ? { area: body.area } : {};
  const at = body.meetupAt ? new Date(body.meetupAt) : null;
  if (body.meetupSpotId) {
    if (!body.area) fail(400, meetupRefusals.areaNeeded);
    const spot =
      suggestions(store, mobileId, body.area).find((one) => one.spot._id === body.meetupSpotId)?.spot ??
      fail(
        400,
        store.meetupSpots.some((one) => one._id === body.meetupSpotId)
          ? meetupRefusals.notSuggested
          : meetupRefusals.noSuchSpot,
      );
    if (!at) fail(400, meetupRefusals.timeNeeded);
    const refusal = meetupTimeRefusal(spot, at, dealNow(store));
    if (refusal) fail(400, refusal);
    return {
      ...area,
      meetup: { spotId: spot._id, place: spot.name, address: spot.address, at: at.toISOString() },
    };
  }
  if (!at) return area;
  const refusal = meetupTimeRefusal(null, at, dealNow(store));
  if (refusal) fail(400, refusal);
  return { ...area, meetup: { place: location, at: at.toISOString() } };
}

const checked = (body: NewMeetupSpot) => {
  const refusal = hoursRefusal(body.hours);
  if (refusal) fail(400, refusal);
  return body;
};

export function meetupHandlers(store: MockStore) {
  const audit = (actorEmail: string, action: 'create' | 'update' | 'delete', target: string, name: string) =>
    store.audit.push({
      _id: store.nextId('a'),
      at: now(),
      actorEmail,
      action: `meetup-spot.${action}`,
      target,
      targetName: name,
    });
  return {
    listMeetupSpots: http.get('/meetup-spots', ({ request, query, response }) => {
      requireUser(store, request);
      return response(200).json(paginate([...store.meetupSpots].sort(byAreaAndName), query));
    }),

    createMeetupSpot: http.post('/meetup-spots', async ({ request, response }) => {
      const admin = requireUser(store, request);
      const body = checked(await request.json());
      const spot = { _id: store.nextId('ms'), ...body };
      store.meetupSpots.push(spot);
      audit(admin.email, 'create', spot._id, spot.name);
      return response(201).json(spot);
    }),

    updateMeetupSpot: http.put('/meetup-spots/{id}', async ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const index = store.meetupSpots.findIndex((spot) => spot._id === params.id);
      if (index < 0) fail(404, 'Not found');
      const spot = { _id: params.id, ...checked(await request.json()) };
      store.meetupSpots[index] = spot;
      audit(admin.email, 'update', spot._id, spot.name);
      return response(200).json(spot);
    }),

    deleteMeetupSpot: http.delete('/meetup-spots/{id}', ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const spot = store.meetupSpots.find((one) => one._id === params.id) ?? fail(404, 'Not found');
      store.meetupSpots = store.meetupSpots.filter((one) => one !== spot);
      audit(admin.email, 'delete', spot._id, spot.name);
      return response(200).json({ deletedCount: 1 });
    }),

    suggestMeetupSpots: http.get('/meetup-suggestions', ({ request, query, response }) => {
      requireUser(store, request);
      const spots = suggestions(store, query.get('mobileId') ?? '', (query.get('area') ?? '') as AreaId);
      return response(200).json({ spots });
    }),

    getBookingCalendar: http.get('/bookings/{id}/calendar', ({ request, params }) => {
      const user = requireUser(store, request);
      const booking = store.bookings.find((one) => one._id === params.id) ?? fail(404, 'Not found');
      const mobile = store.mobiles.find((one) => one._id === booking.mobileId);
      if (user.email !== booking.email && (!mobile || mobile.email !== user.email)) fail(403, 'Forbidden');
      const meetup = booking.meetup;
      if (!meetup?.at) fail(404, meetupRefusals.noMeetup);
      const ics = meetupCalendar({
        bookingId: booking._id,
        title: booking.MobileName,
        meetup: { place: meetup.place, address: meetup.address, at: meetup.at },
        now: dealNow(store),
      });
      return new HttpResponse(ics, {
        status: 200,
        headers: {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'attachment; filename="recell-meetup.ics"',
        },
      }) as never;
    }),
  } satisfies OperationHandlers;
}
