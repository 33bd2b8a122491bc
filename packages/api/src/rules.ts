// Numbers of the marketplace's rules that the server and the mocks both enforce, so the two cannot drift.

/** Open (unpaid) bookings a buyer may hold at once: enough for real shopping, not for reserving a shop. */
export const MAX_OPEN_BOOKINGS = 20;
