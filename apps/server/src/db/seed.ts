// The seed, from the shared fixtures (one source of truth with the mocks and the stories). It runs once per
// database: a `meta` row records it, so rows an admin deletes later do not come back on the next start.
// Only demo mode gets the demo people and what they own (listings, bookings, the demo admin); a real deployment
// gets the catalogue's categories and blog posts, and its admins from ADMIN_EMAILS.
import {
  compareModel,
  DEFAULT_HOLD_WINDOW_HOURS,
  reviewWindowClosesAt,
  shippedTac,
  tacOf,
} from '@recell/api';
import * as fixtures from '@recell/api/fixtures';
import type { Database } from './database';
import { detectSafety } from '@recell/api/safety';
import { toCents } from '../money';
import { payoutsRepository } from '../modules/payouts/repository';
import { pricesRepository } from '../modules/prices/repository';
import { sellerRatings } from '../modules/reviews/seller-ratings';

const SEEDED = 'seeded-fixtures-v1';
const SEEDED_CATALOGUE = 'seeded-catalogue-v1';

export async function seed(db: Database, options: { demo: boolean }): Promise<boolean> {
  const marks = options.demo ? [SEEDED] : [SEEDED, SEEDED_CATALOGUE];
  const created = new Date().toISOString();
  // Checked inside the transaction: server processes starting at once on one PostgreSQL database seed once
  // (the others' transactions conflict, run again, and find the mark).
  return db.transaction(async () => {
    const done = await db.get<{ value: string }>(
      `SELECT value FROM meta WHERE key IN (${marks.map(() => '?').join(', ')})`,
      marks,
    );
    // Its own mark: a demo database seeded before migration 030 gets the spots too, and once only.
    if (options.demo) await seedMeetupSpots(db, created);
    if (options.demo) await seedPriceCaptures(db, created);
    // a demo database seeded before migration 035 gets the payout accounts too (its deals' earnings the migration
    // wrote); a new one, after its deals below
    if (options.demo && done) await seedPayouts(db, created);
    if (done) return false;
    await seedCatalogue(db);
    if (options.demo) await seedDemo(db, created);
    if (options.demo) await seedPayouts(db, created);
    await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [
      options.demo ? SEEDED : SEEDED_CATALOGUE,
      created,
    ]);
    return true;
  });
}

const SEEDED_PRICE_CAPTURES = 'seeded-price-captures-v1';

/**
 * The demo's captured prices, once, so the demo shows a price guide before anyone completes a deal:
 * source 'demo', backing no booking, each as many days before the seed as the fixture says. Demo mode only.
 */
async function seedPriceCaptures(db: Database, created: string) {
  if (await db.get('SELECT value FROM meta WHERE key = ?', [SEEDED_PRICE_CAPTURES])) return;
  const prices = pricesRepository(db);
  for (const capture of fixtures.priceCapturesAsOf(new Date(created))) {
    await prices.insert({
      id: capture._id,
      booking_id: null,
      source: 'demo',
      model_key: capture.modelKey,
      category_id: capture.brand,
      title: capture.title,
      storage_gb: capture.storageGb ?? null,
      condition: capture.condition,
      price_cents: toCents(capture.price),
      captured_at: capture.capturedAt,
      not_counted: null,
    });
  }
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [SEEDED_PRICE_CAPTURES, created]);
}

const SEEDED_PAYOUTS = 'seeded-payouts-v1';

/**
 * The demo's payout accounts (fixtures.payoutAccounts: the demo seller's restricted, so the demo shows what is
 * missing) at the local provider, and an earning for each completed demo deal that has none, once.
 */
async function seedPayouts(db: Database, created: string) {
  if (await db.get('SELECT value FROM meta WHERE key = ?', [SEEDED_PAYOUTS])) return;
  for (const account of fixtures.payoutAccounts) {
    // a seller who has not started has no account anywhere yet
    if (account.status === 'not_started') continue;
    const ref = `local_${account.sellerId}`;
    await db.run(
      `INSERT INTO payout_accounts (seller_id, provider, status, holder_name, last4, account_ref, requirements,
         verified_at, updated_at)
       VALUES (?, 'local', ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        account.sellerId,
        account.status,
        account.holderName ?? null,
        account.last4 ?? null,
        ref,
        JSON.stringify(account.requirements),
        account.status === 'verified' ? (account.verifiedAt ?? created) : null,
        created,
      ],
    );
    // the local provider's own record of it, so its next read says the same
    await db.run(
      `INSERT INTO local_payout_accounts (account_ref, holder_name, last4, status, updated_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [ref, account.holderName ?? '', account.last4 ?? '0000', account.status, created],
    );
  }
  const payouts = payoutsRepository(db);
  const completed = await db.all<{ id: string }>(
    `SELECT b.id FROM bookings b LEFT JOIN payments p ON p.booking_id = b.id
     WHERE b.status = 'completed' AND COALESCE(p.status, 'captured') <> 'voided'`,
  );
  for (const { id } of completed) await payouts.earn(id, created);
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [SEEDED_PAYOUTS, created]);
}

const SEEDED_MEETUP_SPOTS = 'seeded-meetup-spots-v1';

/** The demo's meetup spots, once: a spot an admin removes later does not come back. */
async function seedMeetupSpots(db: Database, created: string) {
  if (await db.get('SELECT value FROM meta WHERE key = ?', [SEEDED_MEETUP_SPOTS])) return;
  for (const spot of fixtures.meetupSpotFixtures) {
    await db.run(
      `INSERT INTO meetup_spots (id, name, address, area, lat, lng, hours, kind, cctv, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
      [
        spot._id,
        spot.name,
        spot.address,
        spot.area,
        spot.lat,
        spot.lng,
        JSON.stringify(spot.hours),
        spot.kind,
        spot.cctv ? 1 : 0,
        created,
        created,
      ],
    );
  }
  await db.run('INSERT INTO meta (key, value) VALUES (?, ?)', [SEEDED_MEETUP_SPOTS, created]);
}

async function seedCatalogue(db: Database) {
  for (const [position, category] of fixtures.categories.entries()) {
    await db.run('INSERT INTO categories (id, name, position) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [
      category.category_id,
      category.category_name,
      position,
    ]);
  }
  for (const [position, blog] of fixtures.blogs.entries()) {
    await db.run(
      'INSERT INTO blogs (id, title, details, position) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
      [blog._id, blog.title, blog.details, position],
    );
  }
}

/**
 * A seed phone's IMEI columns, as publishing it would have set them: what its TAC says of the listed model, clean
 * in ReCell's registry when seeded, and let go where a deal on it completed (sold through ReCell).
 */
function imeiColumns(mobile: fixtures.Mobile, created: string) {
  const imei = fixtures.seedImeis.get(mobile._id);
  if (!imei) return [null, null, 0, null, null, null, null, null];
  const model = compareModel(shippedTac(tacOf(imei)), mobile);
  const sold = fixtures.bookings.some(
    (booking) => booking.mobileId === mobile._id && booking.status === 'completed',
  );
  return [
    imei.slice(-4),
    imei,
    sold ? 1 : 0,
    model.outcome,
    model.outcome === 'unknown' ? null : model.name,
    'clean',
    'recell',
    created,
  ];
}

async function seedDemo(db: Database, created: string) {
  for (const user of fixtures.users) {
    await db.run(
      `INSERT INTO users (id, email, name, role, verified, created_at, phone_e164, phone_verified_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        user._id,
        user.email,
        user.name,
        user.role,
        user.verified ? 1 : 0,
        created,
        // The demo sellers start verified.
        fixtures.demoSellerPhones[user._id] ?? null,
        fixtures.demoSellerPhones[user._id] ? created : null,
      ],
    );
  }
  for (const mobile of fixtures.mobiles) {
    const seller = fixtures.users.find((user) => user.email === mobile.email);
    if (!seller) throw new Error(`seed listing ${mobile._id} names an unknown seller`);
    await db.run(
      `INSERT INTO mobiles (id, seller_id, category_id, title, picture, location, resale_cents,
           buying_cents, year_of_purchase, year_of_uses, posted_at, seller_name, condition, number_of_seller,
           details, booking_ref, stock, advertised, imei_last4, imei, imei_released, imei_model, imei_model_name,
           device_status, device_source, device_checked_at, storage_gb, colour, battery_health)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT DO NOTHING`,
      [
        mobile._id,
        seller._id,
        mobile.category_id,
        mobile.title,
        mobile.picture,
        mobile.location,
        toCents(mobile.resale_price),
        toCents(mobile.buying_price),
        mobile.Year_of_purchase,
        mobile.Year_of_uses,
        mobile.the_time_it_posted,
        mobile.Seller_name,
        mobile.condition,
        mobile.number_of_seller,
        mobile.details,
        mobile.bookingId,
        mobile.stock,
        mobile.advertised ? 1 : 0,
        ...imeiColumns(mobile, created),
        mobile.storageGb ?? null,
        mobile.colour ?? null,
        mobile.batteryHealth ?? null,
      ],
    );
  }
  for (const booking of fixtures.bookings) {
    // A seeded hold starts now with the default window, so the demo shows a live one.
    const held = booking.status === 'held';
    await db.run(
      `INSERT INTO bookings (id, mobile_id, buyer_email, buyer_name, mobile_name, price_cents, picture,
           booking_ref, phone, location, booked_at, paid, cancelled, status, transaction_id, held_at,
           hold_expires_at, completed_at, ended_at, seller_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
           (SELECT seller_id FROM mobiles WHERE id = ?)) ON CONFLICT DO NOTHING`,
      [
        booking._id,
        booking.mobileId,
        booking.email,
        booking.buyer,
        booking.MobileName,
        toCents(booking.price),
        booking.picture,
        booking.bookingId,
        booking.phone,
        booking.location,
        booking.bookingTime,
        booking.paid ? 1 : 0,
        booking.cancelled ? 1 : 0,
        booking.status,
        booking.transaction ?? null,
        held ? created : (booking.heldAt ?? null),
        held
          ? new Date(Date.parse(created) + DEFAULT_HOLD_WINDOW_HOURS * 60 * 60 * 1000).toISOString()
          : null,
        booking.completedAt ?? null,
        booking.endedAt ?? null,
        booking.mobileId,
      ],
    );
    if (held && booking.transaction) {
      await db.run(
        `INSERT INTO test_intents (id, booking_id, amount_cents, currency, client_secret, status, created_at)
         VALUES (?, ?, ?, 'usd', ?, 'requires_capture', ?) ON CONFLICT DO NOTHING`,
        [
          booking.transaction,
          booking._id,
          toCents(booking.price),
          `${booking.transaction}_secret_seed`,
          created,
        ],
      );
    }
  }
  for (const item of fixtures.wishlist) {
    await db.run(
      `INSERT INTO wishlist (id, buyer_email, buyer_name, mobile_id, mobile_name, price_cents, picture,
           wishlisted_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        item._id,
        item.email,
        item.buyer,
        item.wishlistedID,
        item.MobileName,
        toCents(item.price),
        item.picture,
        item.wishlistedTime,
      ],
    );
  }
  for (const report of fixtures.reports) {
    await db.run(
      `INSERT INTO reports (id, mobile_id, mobile_name, reason, reporter_email, created_at, status)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        report._id,
        report.mobileId,
        report.MobileName,
        report.Report,
        report.reporterEmail,
        report.createdAt,
        report.status,
      ],
    );
  }
  await seedConversations(db);
  await seedReviews(db);
  for (const payment of fixtures.payments) {
    await db.run(
      `INSERT INTO payments (id, booking_id, transaction_id, price_cents, email, provider, created_at,
           status)
         VALUES (?, ?, ?, ?, ?, 'test', ?, ?) ON CONFLICT DO NOTHING`,
      [
        payment._id,
        payment.bookingId,
        payment.transaction,
        toCents(payment.price),
        payment.email,
        created,
        payment.status,
      ],
    );
  }
}

/** The demo deal's handover checklist and its reviews (the window is counted from its completion). */
async function seedReviews(db: Database) {
  for (const [bookingId, checklist] of Object.entries(fixtures.handoverChecklists)) {
    await db.run(
      `UPDATE bookings SET handover_imei_matched = ?, handover_condition_matched = ?, handover_signed_out = ?
       WHERE id = ?`,
      [
        checklist.imeiMatched ? 1 : 0,
        checklist.conditionMatched ? 1 : 0,
        checklist.signedOut ? 1 : 0,
        bookingId,
      ],
    );
  }
  for (const review of fixtures.reviews) {
    const booking = fixtures.bookings.find((row) => row._id === review.bookingId);
    if (!booking?.completedAt) throw new Error(`seed review ${review._id} names no completed deal`);
    await db.run(
      `INSERT INTO reviews (id, booking_id, author_id, subject_id, about, stars, text, created_at,
           window_closes_at, published_at, hidden_at, hidden_reason, hidden_by)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        review._id,
        review.bookingId,
        review.authorId,
        review.subjectId,
        review.about,
        review.stars,
        review.text ?? null,
        review.createdAt,
        reviewWindowClosesAt(booking.completedAt),
        review.publishedAt,
        review.hidden?.hiddenAt ?? null,
        review.hidden?.reason ?? null,
        review.hidden?.by ?? null,
      ],
    );
    if (review.reply) {
      await db.run(
        'INSERT INTO review_replies (review_id, text, replied_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
        [review._id, review.reply.text, review.reply.repliedAt],
      );
    }
  }
  // Written as they are, published or not: the stored seller ratings are counted from them.
  await sellerRatings(db).recountAll();
}

/**
 * The demo conversations, their head from the listing. Messages go in the fixtures' `seq` order without a `seq`:
 * PostgreSQL's is GENERATED ALWAYS, and on a fresh database both engines number them 1, 2, ... as the fixtures do
 * (checked, since the read marks name those numbers).
 */
async function seedConversations(db: Database) {
  for (const conversation of fixtures.conversations) {
    const mobile = fixtures.mobiles.find((listing) => listing._id === conversation.mobileId);
    if (!mobile) throw new Error(`seed conversation ${conversation._id} names an unknown listing`);
    const own = fixtures.messages.filter((message) => message.conversationId === conversation._id);
    const last = own.reduce((latest, message) => (message.seq > latest.seq ? message : latest));
    await db.run(
      `INSERT INTO conversations (id, mobile_id, buyer_id, seller_id, title, picture, price_cents, created_at,
           updated_at, last_seq, buyer_read_seq, seller_read_seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      [
        conversation._id,
        conversation.mobileId,
        conversation.buyerId,
        conversation.sellerId,
        mobile.title,
        mobile.picture,
        toCents(mobile.resale_price),
        conversation.createdAt,
        last.sentAt,
        last.seq,
        conversation.buyerReadSeq,
        conversation.sellerReadSeq,
      ],
    );
  }
  for (const message of [...fixtures.messages].sort((a, b) => a.seq - b.seq)) {
    // `all`, not `get`: SQLite's `get` leaves a RETURNING statement unfinished, and the commit then fails.
    const [row] = await db.all<{ seq: number }>(
      `INSERT INTO messages (id, conversation_id, sender_id, text, pictures, safety, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
      [
        message._id,
        message.conversationId,
        message.senderId,
        message.text ?? null,
        JSON.stringify(message.pictures),
        JSON.stringify(detectSafety(message.text)),
        message.sentAt,
      ],
    );
    if (Number(row?.seq) !== message.seq) {
      throw new Error(`seed message ${message._id} got seq ${row?.seq}, not ${message.seq}`);
    }
  }
}
