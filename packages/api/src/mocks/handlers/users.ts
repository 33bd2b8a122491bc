import { sameEmail } from '../../rules';
import type { MockStore } from '../store';
import { MOCK_PHONE_CODE, mockAccessToken, readClaims } from '../tokens';
import {
  fail,
  http,
  type OperationHandlers,
  now,
  paginate,
  removeListings,
  requireOwnEmail,
  requireUser,
} from '../support';

export function userHandlers(store: MockStore) {
  const idTokenClaims = (request: Request) =>
    readClaims(request.headers.get('authorization')) ?? fail(401, 'Please sign in again');
  const selfOrAdmin = (request: Request, email: string) => {
    requireOwnEmail(requireUser(store, request), email);
    return store.users.find((candidate) => sameEmail(candidate.email, email));
  };

  return {
    listUsers: http.get('/users', ({ request, query, response }) => {
      requireUser(store, request);
      const role = query.get('role');
      const words = query.get('q')?.toLowerCase();
      // newest first, as the server: the store's users are oldest first
      return response(200).json(
        paginate(
          store.users
            .filter((user) => !role || user.role === role)
            .filter(
              (user) =>
                !words || user.email.toLowerCase().includes(words) || user.name.toLowerCase().includes(words),
            )
            .reverse(),
          query,
        ),
      );
    }),

    deleteUser: http.delete('/users/{id}', ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const target = store.users.find((user) => user._id === params.id) ?? fail(404, 'Not found');
      if (target.role === 'admin') fail(403, 'An admin cannot be deleted');
      store.users = store.users.filter((user) => user !== target);
      removeListings(store, (mobile) => mobile.email === target.email);
      store.bookings = store.bookings.filter((booking) => booking.email !== target.email || booking.paid);
      store.wishlist = store.wishlist.filter((item) => item.email !== target.email);
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: 'user.delete',
        target: target._id,
        targetName: target.name,
      });
      return response(200).json({ deletedCount: 1 });
    }),

    setSellerVerified: http.put('/sellers/{id}/verified', async ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const target = store.users.find((user) => user._id === params.id) ?? fail(404, 'Not found');
      if (target.role !== 'seller') fail(409, 'Only sellers can be verified');
      const { verified } = await request.json();
      target.verified = verified;
      for (const mobile of store.mobiles) if (mobile.email === target.email) mobile.Verified = verified;
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: verified ? 'user.verify' : 'user.unverify',
        target: target._id,
        targetName: target.name,
      });
      return response(200).json(target);
    }),

    getAdminStatus: http.get('/users/admin/{email}', ({ request, params, response }) =>
      response(200).json({ isAdmin: selfOrAdmin(request, params.email)?.role === 'admin' }),
    ),

    // The mocked build is a demo: the code its identity "texted" is shown, as demo mode shows the emulator's.
    getDemoSignInCode: http.get('/demo/sign-in-code', ({ query, response }) =>
      response(200).json({ code: MOCK_PHONE_CODE, phoneEnding: String(query.get('phoneEnding')) }),
    ),

    getSellerStatus: http.get('/users/seller/{email}', ({ request, params, response }) =>
      response(200).json({ isSeller: selfOrAdmin(request, params.email)?.role === 'seller' }),
    ),

    createUser: http.post('/usersall', async ({ request, response }) => {
      const claims = idTokenClaims(request);
      const { name, role } = await request.json();
      if (store.users.some((user) => user.email === claims.email)) fail(409, 'This account already exists');
      const user = { _id: store.nextId('u'), name, email: claims.email, role, verified: false };
      store.users.push(user);
      return response(201).json(user);
    }),

    exchangeToken: http.get('/jwt', ({ request, query, response }) => {
      const claims = idTokenClaims(request);
      const email = query.get('email');
      if (email && !sameEmail(claims.email, email)) fail(403, 'Forbidden');
      let user = store.users.find((candidate) => candidate.email === claims.email);
      if (!user) {
        // Signed up with the identity service but the user record was never saved: a buyer, as the server does.
        user = {
          _id: store.nextId('u'),
          name: claims.name ?? claims.email,
          email: claims.email,
          role: 'buyer',
          verified: false,
        };
        store.users.push(user);
      }
      return response(200).json({
        accessToken: mockAccessToken(user, claims.second_factor),
        role: user.role,
        expiresIn: 3600,
      });
    }),
  } satisfies OperationHandlers;
}
