import type { MockStore } from '../store';
import {
  fail,
  http,
  type OperationHandlers,
  newestFirst,
  now,
  paginate,
  requireOwnEmail,
  requireUser,
} from '../support';

export function wishlistHandlers(store: MockStore) {
  return {
    addToWishlist: http.post('/wishlist', async ({ request, response }) => {
      const buyer = requireUser(store, request);
      const { wishlistedID } = await request.json();
      const mobile =
        store.mobiles.find((candidate) => candidate._id === wishlistedID) ?? fail(404, 'Not found');
      if (store.wishlist.some((item) => item.email === buyer.email && item.wishlistedID === wishlistedID)) {
        fail(409, 'This phone is already in your cart', 'duplicate');
      }
      const _id = store.nextId('w');
      store.wishlist.push({
        _id,
        wishlistedTime: now(),
        MobileName: mobile.title,
        buyer: buyer.name,
        email: buyer.email,
        price: mobile.resale_price,
        wishlistedID,
        picture: mobile.picture,
      });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    listWishlist: http.get('/wishlist', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const email = query.get('email');
      requireOwnEmail(user, email);
      const own = store.wishlist.filter((item) => item.email === email);
      return response(200).json(paginate(newestFirst(own, 'wishlistedTime'), query));
    }),
  } satisfies OperationHandlers;
}
