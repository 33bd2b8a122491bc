import { HttpResponse } from 'msw';
import { categories, categoryName } from '../../fixtures';
import {
  SEARCH_RESULT_CAP,
  sameEmail,
  searchWords,
  seesSellerNumber,
  withoutSellerNumber,
} from '../../rules';
import { imeiRefusals } from '../../phone-truth';
import { phoneRefusals } from '../../seller-phones';
import { luhnValid } from '../../test-cards';
import { takeImei } from '../phone-truth';
import { gradeProblem } from '../../grades';
import { modelKeyProblem } from '../../phone-models';
import { failField } from './phone-models';
import { reviewRules } from '../ratings';
import type { MockStore } from '../store';
import {
  fail,
  http,
  type OperationHandlers,
  newestFirst,
  now,
  optionalUser,
  paginate,
  refuse,
  removeListings,
  requireOwnEmail,
  requireUser,
} from '../support';

type Mobile = MockStore['mobiles'][number];

const requireVerified = (): never => {
  const { status, message, code } = phoneRefusals.verificationRequired;
  return fail(status, message, code);
};

export function catalogueHandlers(store: MockStore) {
  const ratings = reviewRules(store);
  /** As the server searches (listCategoryMobiles, searchMobiles): every word starts a word of the listing. */
  function search(query: { get(name: string): string | null }, categoryId?: string) {
    const words = searchWords(query.get('q') ?? '');
    const min = query.get('minPrice');
    const max = query.get('maxPrice');
    const condition = query.get('condition');
    const minYear = query.get('minYear');
    const storage = query.get('storage');
    const minBattery = query.get('minBattery');
    const minRating = query.get('minRating');
    const sort = query.get('sort') ?? 'newest';
    const found = store.mobiles.filter((mobile) => {
      const text = searchWords(`${mobile.title} ${mobile.details}`);
      return (
        (categoryId === undefined || mobile.category_id === categoryId) &&
        (query.get('q') === null ||
          (words.length > 0 && words.every((word) => text.some((t) => t.startsWith(word))))) &&
        (min === null || mobile.resale_price >= Number(min)) &&
        (max === null || mobile.resale_price <= Number(max)) &&
        (!condition || mobile.condition === condition) &&
        (minYear === null || mobile.Year_of_purchase >= Number(minYear)) &&
        (storage === null || mobile.storageGb === Number(storage)) &&
        // a listing that does not state its battery health is left out, as the server leaves it out
        (minBattery === null || (mobile.batteryHealth ?? 0) >= Number(minBattery)) &&
        (minRating === null || ratings.ratedAtLeast(mobile, Number(minRating)))
      );
    });
    const sorted =
      sort === 'newest'
        ? newestFirst(found, 'the_time_it_posted')
        : [...found].sort((a, b) =>
            sort === 'price_asc' ? a.resale_price - b.resale_price : b.resale_price - a.resale_price,
          );
    // As the server: never the seller's number on a results page.
    const page = paginate(
      sorted
        .slice(0, SEARCH_RESULT_CAP)
        .map((mobile) => ratings.withSellerRating(withoutSellerNumber(mobile))),
      query as Parameters<typeof paginate>[1],
    );
    return sorted.length > SEARCH_RESULT_CAP ? { ...page, totalCapped: true } : page;
  }

  const findMobile = (id: string) =>
    store.mobiles.find((mobile) => mobile._id === id) ?? fail(404, 'Not found');
  const ownMobile = (request: Request, id: string) => {
    const user = requireUser(store, request, ['seller']);
    const mobile = findMobile(id);
    if (mobile.email !== user.email) fail(403, 'Forbidden');
    return mobile;
  };

  return {
    getHealth: http.get('/health', ({ response }) => response(200).json({ status: 'ok' })),

    listBlogs: http.get('/blogs', ({ query, response }) => response(200).json(paginate(store.blogs, query))),

    listCategories: http.get('/categorymobiles', ({ query, response }) =>
      response(200).json(paginate(categories, query)),
    ),

    listAdvertised: http.get('/advertise', ({ query, response }) => {
      const advertised = store.mobiles
        .filter((mobile) => mobile.advertised && mobile.stock > 0)
        .map(({ _id, title, picture, resale_price, category_id, stock }) => ({
          _id,
          title,
          picture,
          resale_price,
          category_id,
          stock,
        }));
      return response(200).json(paginate(advertised, query));
    }),

    advertiseMobile: http.post('/advertise', async ({ request, response }) => {
      const { mobileId } = await request.json();
      const mobile = ownMobile(request, mobileId);
      if (mobile.stock === 0) fail(409, 'A sold-out phone cannot be advertised', 'sold_out');
      mobile.advertised = true;
      return response(200).json({ acknowledged: true, insertedId: mobile._id });
    }),

    listCategoryMobiles: http.get('/mobiles/{id}', ({ request, params, query, response }) => {
      requireUser(store, request);
      return response(200).json(search(query, params.id));
    }),

    searchMobiles: http.get('/mobiles', ({ request, query, response }) => {
      requireUser(store, request);
      return response(200).json(search(query));
    }),

    createMobile: http.post('/mobiles', async ({ request, response }) => {
      const seller = requireUser(store, request);
      const verifiedNumber = store.phones.get(seller._id) ?? requireVerified();
      const { imei, number_of_seller: _typed, ...body } = await request.json();
      // as the server: the pattern says 15 digits, the last of which must be the Luhn check digit
      if (imei && !luhnValid(imei)) fail(400, 'request/body/imei has a wrong check digit');
      // as the server: a model the catalogue knows, of the listing's brand; a battery its grade promises
      const problem = modelKeyProblem(body) ?? gradeProblem(body);
      if (problem) failField(problem);
      const _id = store.nextId('m');
      const mobile: Mobile = {
        ...body,
        // as the server: the account's name and the listing's id when the form sends neither
        Seller_name: body.Seller_name ?? seller.name,
        bookingId: body.bookingId ?? _id,
        _id,
        category_name: categoryName(body.category_id),
        the_time_it_posted: now(),
        email: seller.email,
        sellerId: seller._id,
        Verified: seller.verified,
        // as the server: the listing shows the seller's verified number, whatever was typed
        number_of_seller: verifiedNumber,
        sellerPhoneVerified: true,
        advertised: false,
      };
      if (imei) takeImei(store, mobile, imei);
      store.mobiles.push(mobile);
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    listSellerListings: http.get('/sellers/{id}/listings', ({ params, query, response }) => {
      const seller = store.users.find((user) => user._id === params.id && user.role === 'seller');
      if (!seller) fail(404, 'Not found');
      // in stock, newest first, as a visitor sees each (no phone number, no email), as the server answers
      const rows = store.mobiles
        .filter((mobile) => mobile.sellerId === params.id && mobile.stock > 0)
        .sort(
          (a, b) => b.the_time_it_posted.localeCompare(a.the_time_it_posted) || b._id.localeCompare(a._id),
        )
        .map(({ number_of_seller: _phone, email: _email, ...visible }) => ratings.withSellerRating(visible));
      return response(200).json(paginate(rows, query));
    }),

    getMobile: http.get('/mobile/{id}', ({ request, params, response }) => {
      const mobile = ratings.withSellerRating(findMobile(params.id));
      const caller = optionalUser(store, request);
      if (caller) {
        const holds = store.bookings.some(
          (booking) =>
            booking.mobileId === mobile._id &&
            booking.status === 'held' &&
            sameEmail(caller.email, booking.email),
        );
        return response(200).json(
          seesSellerNumber(caller, mobile.email, holds) ? mobile : withoutSellerNumber(mobile),
        );
      }
      // A visitor gets the listing without the seller's phone number and email, as the server answers.
      const { number_of_seller: _phone, email: _email, ...visible } = mobile;
      return response(200).json(visible);
    }),

    updateMobile: http.patch('/mobile/{id}', async ({ request, params, response }) => {
      const mobile = ownMobile(request, params.id);
      if (!store.phones.has(mobile.sellerId ?? '')) requireVerified();
      const { imei, number_of_seller: _typed, ...patch } = await request.json();
      if (imei && !luhnValid(imei)) fail(400, 'request/body/imei has a wrong check digit');
      if (patch.stock && mobile.imeiCheck?.device.status === 'blocked') refuse(imeiRefusals.blockedAtListing);
      // as the server: a booked phone's IMEI is what its buyer checks at the meetup
      const open = store.bookings.some(
        (booking) =>
          booking.mobileId === mobile._id && (booking.status === 'unpaid' || booking.status === 'held'),
      );
      if (imei && imei !== store.imeis.get(mobile._id) && open) refuse(imeiRefusals.inDeal);
      // as the server: what the patch touches of the model, storage, condition and battery is checked as a whole
      const after = { ...mobile, ...patch };
      const problem =
        (patch.modelKey !== undefined || patch.storageGb !== undefined
          ? modelKeyProblem(after)
          : undefined) ??
        (patch.condition !== undefined || patch.batteryHealth !== undefined
          ? gradeProblem(after)
          : undefined);
      if (problem) failField(problem);
      // as the server: a corrected IMEI or title is checked again before anything is written
      const corrected = { ...mobile, ...patch };
      const held = imei ?? store.imeis.get(mobile._id);
      if (held && (imei || patch.title)) takeImei(store, corrected, held);
      Object.assign(mobile, corrected);
      return response(200).json(mobile);
    }),

    deleteMobile: http.delete('/mobile/{id}', ({ request, params, response }) => {
      const mobile = ownMobile(request, params.id);
      if (store.bookings.some((booking) => booking.mobileId === mobile._id && booking.paid)) {
        fail(409, 'A phone with a paid booking cannot be deleted', 'paid_booking');
      }
      removeListings(store, (candidate) => candidate === mobile);
      return response(200).json({ deletedCount: 1 });
    }),

    listSellerMobiles: http.get('/addedbyseller', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      const own = store.mobiles.filter((mobile) => mobile.email === email);
      return response(200).json(paginate(newestFirst(own, 'the_time_it_posted'), query));
    }),

    uploadImage: http.post('/images', async ({ request, response }) => {
      const uploader = requireUser(store, request);
      const form = await request.formData().catch(() => fail(400, 'Send the picture as multipart form data'));
      const image = form.get('image');
      if (!(image instanceof Blob)) fail(400, 'request/body/image is required');
      if (image.size > 5 * 1024 * 1024) fail(413, 'The picture must be 5 MB or smaller');
      if (!['image/jpeg', 'image/png', 'image/webp'].includes(image.type)) {
        fail(415, 'Upload a JPEG, PNG or WebP picture');
      }
      // The mocks keep the picture in memory and answer for it at the URL they give (see below).
      // one path segment with the type's extension, as the server names an upload (a claim's pictures must be)
      const extension = image.type === 'image/jpeg' ? 'jpg' : image.type.slice('image/'.length);
      const name = `mock-${store.nextId('img')}.${extension}`;
      store.uploads.set(name, image);
      const url = `/uploads/${name}`;
      store.uploadOwners.set(url, uploader.email);
      return response(201).json({
        success: true,
        data: { url, thumbnailUrl: url, width: 1600, height: 1200 },
      });
    }),
  } satisfies OperationHandlers;
}

/** The pictures uploadImage kept in memory, at the URL it answered with (not an API operation). */
export function uploadedPictures(store: MockStore) {
  return http.untyped.get('*/uploads/:name', ({ params }) => {
    const name = String(params.name);
    // the seed's pictures and the server's own uploads are not the mocks'
    if (!name.startsWith('mock-')) return undefined;
    const image = store.uploads.get(name);
    return image
      ? new HttpResponse(image, { headers: { 'content-type': image.type } })
      : new HttpResponse(null, { status: 404 });
  });
}
