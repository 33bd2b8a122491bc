// What a person writes, on both engines: a NUL answered 500 on PostgreSQL (and was stored on SQLite),
// and control characters and the right-to-left override were stored as sent, so "gnp.exe" could read "exe.png" in
// an inbox and an email. Now every free-text field of every operation refuses NUL and the other control
// characters but tab and line breaks with a 400 that names the field (the contract's PlainText), nothing stored;
// newline and tab pass; and the bidirectional controls are removed before the text is checked and stored.
import { LOCAL_PAYOUT_ACCOUNTS } from '@recell/api';
import { loadContract } from '@recell/api/contract';
import { describe, expect, it } from 'vitest';
import type { Params } from '../src/db/database';
import {
  book,
  completedDeal,
  createListing,
  heldDeal,
  imeiWith,
  intentFor,
  listing,
} from './support/fixtures';
import { CONTROL_CHARACTER } from '../src/http/errors';
import { signUpAccount, uniqueEmail } from './support/accounts';
import { pendingOffer } from './support/offers';
import { call, contract, newBuyer, useServer, type Persona } from './support/harness';

const ctx = useServer();

/** NUL (a 500 on PostgreSQL before), a bell (C0) and the CSI (C1), each inside otherwise good text. */
const CONTROLS = { NUL: '\u0000', bell: '\u0007', CSI: '\u009b' } as const;
const RLO = '\u202e';
const PDF = '\u202c';

type Method = 'get' | 'post' | 'put' | 'patch';

/** One operation that takes person-written text: how to call it with a value in one of its text fields. */
interface TextOperation {
  operationId: string;
  /** The text fields, as the 400's paths name them below /body (or /query) */
  fields: string[];
  /** Makes what the call needs; answers the call of it with these field values, and what it stores. */
  prepare(): Promise<{
    send(values: Record<string, string>): Promise<{ status: number; body: unknown }>;
    /** What the operation would write: the same before and after the refused calls */
    stored(): Promise<unknown>;
  }>;
}

const rows = (sql: string, params: Params = []) => ctx.app.db.all(sql, params);

/** A body with `field` (a path like billing_details/name) set to `value`. */
function withValue(body: Record<string, unknown>, field: string, value: string): Record<string, unknown> {
  const [head, ...rest] = field.split('/');
  if (rest.length === 0) return { ...body, [head!]: value };
  return { ...body, [head!]: withValue(body[head!] as Record<string, unknown>, rest.join('/'), value) };
}
const withValues = (body: Record<string, unknown>, values: Record<string, string>) =>
  Object.entries(values).reduce((next, [field, value]) => withValue(next, field, value), body);

const by =
  (who: () => Persona | string, method: Method, path: string, body: Record<string, unknown>) =>
  (values: Record<string, string>) => {
    const persona = who();
    return call(ctx.app.server, method, path, {
      token: typeof persona === 'string' ? persona : persona.token,
      body: withValues(body, values),
    });
  };

/** A meetup spot as an admin adds or edits one. */
const meetupSpot = {
  name: 'Text Test Police Station',
  address: 'Road 1, Dhaka',
  area: 'gulshan',
  lat: 23.78,
  lng: 90.41,
  hours: { mon: { opens: '09:00', closes: '17:00' } },
  kind: 'police_station',
  cctv: true,
};

let buyer: Persona;
const buyerOf = () => buyer;
const seller = () => ctx.people.seller;
const admin = () => ctx.people.admin;

/** A completed deal of the buyer with the demo seller, for its reviews. */
let completed: Promise<{ bookingId: string }> | undefined;
const completedOnce = () =>
  (completed ??= createListing(ctx.app.server, seller().token, { stock: 1 }).then((mobileId) =>
    completedDeal(ctx.app.server, { buyer: buyer.token, seller: seller().token }, mobileId),
  ));

/** The buyer's review of that deal, published (the seller wrote theirs, in createReview's test or here): its id. */
let published: Promise<string> | undefined;
const publishedOnce = () =>
  (published ??= completedOnce().then(async ({ bookingId }) => {
    const path = `/api/bookings/${bookingId}/reviews`;
    const written = await call(ctx.app.server, 'post', path, { token: buyer.token, body: { stars: 4 } });
    expect(written.status, JSON.stringify(written.body)).toBe(201);
    const theirs = await call(ctx.app.server, 'post', path, { token: seller().token, body: { stars: 5 } });
    expect([201, 409], JSON.stringify(theirs.body)).toContain(theirs.status);
    return (written.body as { _id: string })._id;
  }));

const OPERATIONS: TextOperation[] = [
  {
    operationId: 'createMobile',
    fields: ['title', 'location', 'Seller_name', 'colour', 'details', 'bookingId'],
    async prepare() {
      return {
        send: by(seller, 'post', '/api/mobiles', listing({ title: 'Text fields phone' })),
        stored: () => rows('SELECT id FROM mobiles ORDER BY id'),
      };
    },
  },
  {
    operationId: 'updateMobile',
    fields: ['title', 'location', 'colour', 'details'],
    async prepare() {
      const id = await createListing(ctx.app.server, seller().token);
      return {
        send: by(seller, 'patch', `/api/mobile/${id}`, {}),
        stored: () => rows('SELECT * FROM mobiles WHERE id = ?', [id]),
      };
    },
  },
  {
    operationId: 'checkImei',
    fields: ['title'],
    async prepare() {
      const body = { imei: imeiWith('35000042'), category_id: '02', title: 'Samsung Galaxy S21' };
      return { send: by(seller, 'post', '/api/imei-check', body), stored: async () => 'nothing stored' };
    },
  },
  {
    operationId: 'setImeiStatus',
    fields: ['reason'],
    async prepare() {
      const imei = imeiWith('35000043');
      return {
        send: by(admin, 'put', `/api/imeis/${imei}/status`, { status: 'blocked' }),
        stored: () => rows('SELECT * FROM imei_marks WHERE imei = ?', [imei]),
      };
    },
  },
  {
    operationId: 'createBooking',
    fields: ['location'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      return {
        send: by(buyerOf, 'post', '/api/bookings', { mobileId, phone: '+880 1911 222333' }),
        stored: () => rows('SELECT id FROM bookings WHERE mobile_id = ?', [mobileId]),
      };
    },
  },
  {
    operationId: 'createMeetupSpot',
    fields: ['name', 'address'],
    async prepare() {
      return {
        send: by(admin, 'post', '/api/meetup-spots', meetupSpot),
        stored: () => rows('SELECT * FROM meetup_spots ORDER BY id'),
      };
    },
  },
  {
    operationId: 'updateMeetupSpot',
    fields: ['name', 'address'],
    async prepare() {
      const made = await call(ctx.app.server, 'post', '/api/meetup-spots', {
        token: admin().token,
        body: meetupSpot,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = (made.body as { _id: string })._id;
      return {
        send: by(admin, 'put', `/api/meetup-spots/${id}`, meetupSpot),
        stored: () => rows('SELECT * FROM meetup_spots ORDER BY id'),
      };
    },
  },
  {
    operationId: 'reportNotAsDescribed',
    fields: ['reason'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      const { bookingId } = await heldDeal(ctx.app.server, buyer.token, mobileId);
      return {
        send: by(buyerOf, 'post', `/api/bookings/${bookingId}/not-as-described`, {}),
        stored: () => rows('SELECT * FROM reports ORDER BY id'),
      };
    },
  },
  {
    operationId: 'createReport',
    fields: ['Report'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      return {
        send: by(buyerOf, 'post', '/api/report', { mobileId }),
        stored: () => rows('SELECT * FROM reports ORDER BY id'),
      };
    },
  },
  {
    operationId: 'createUser',
    fields: ['name'],
    async prepare() {
      const email = uniqueEmail('text-fields');
      const idToken = await signUpAccount(email, `${email}-pw`);
      return {
        send: by(() => idToken, 'post', '/api/usersall', { role: 'buyer' }),
        stored: () => rows('SELECT * FROM users WHERE email = ?', [email]),
      };
    },
  },
  {
    operationId: 'confirmTestPayment',
    fields: ['billing_details/name'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      const intent = await intentFor(
        ctx.app.server,
        buyer.token,
        await book(ctx.app.server, buyer.token, mobileId),
      );
      const body = {
        clientSecret: intent.clientSecret,
        card: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2099, cvc: '123' },
        billing_details: { email: 'buyer@recell.test' },
      };
      return {
        send: by(buyerOf, 'post', `/api/test-processor/payment-intents/${intent.id}/confirm`, body),
        stored: () => rows('SELECT * FROM test_intents WHERE id = ?', [intent.id]),
      };
    },
  },
  {
    operationId: 'startConversation',
    fields: ['text'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      return {
        send: by(buyerOf, 'post', '/api/conversations', { mobileId }),
        stored: async () => [
          await rows('SELECT * FROM conversations WHERE mobile_id = ?', [mobileId]),
          await rows('SELECT id FROM messages ORDER BY id'),
        ],
      };
    },
  },
  {
    operationId: 'makeOffer',
    fields: ['text'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      return {
        send: by(buyerOf, 'post', '/api/offers', { mobileId, amount: 500 }),
        stored: () => rows('SELECT * FROM offers ORDER BY id'),
      };
    },
  },
  {
    operationId: 'counterOffer',
    fields: ['text'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      const { offerId } = await pendingOffer(ctx.app.server, buyer.token, mobileId, 500);
      return {
        send: by(seller, 'post', `/api/offers/${offerId}/counter`, { amount: 600 }),
        stored: () => rows('SELECT * FROM offers ORDER BY id'),
      };
    },
  },
  {
    operationId: 'sendMessage',
    fields: ['text'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      const started = await call(ctx.app.server, 'post', '/api/conversations', {
        token: buyer.token,
        body: { mobileId, text: 'Is it still for sale?' },
      });
      const id = (started.body as { _id: string })._id;
      return {
        send: by(seller, 'post', `/api/conversations/${id}/messages`, {}),
        stored: () => rows('SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq', [id]),
      };
    },
  },
  {
    operationId: 'reportMessage',
    fields: ['reason'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token);
      const started = await call(ctx.app.server, 'post', '/api/conversations', {
        token: buyer.token,
        body: { mobileId, text: 'Hello' },
      });
      const id = (started.body as { _id: string })._id;
      const answer = await call(ctx.app.server, 'post', `/api/conversations/${id}/messages`, {
        token: seller().token,
        body: { text: 'Pay me outside ReCell' },
      });
      const messageId = (answer.body as { _id: string })._id;
      return {
        send: by(buyerOf, 'post', `/api/messages/${messageId}/report`, {}),
        stored: () => rows('SELECT * FROM reports ORDER BY id'),
      };
    },
  },
  {
    operationId: 'createReview',
    fields: ['text'],
    async prepare() {
      const { bookingId } = await completedOnce();
      return {
        send: by(seller, 'post', `/api/bookings/${bookingId}/reviews`, { stars: 5 }),
        stored: () => rows('SELECT * FROM reviews ORDER BY id'),
      };
    },
  },
  {
    operationId: 'replyToReview',
    fields: ['text'],
    async prepare() {
      const id = await publishedOnce();
      return {
        send: by(seller, 'post', `/api/reviews/${id}/reply`, {}),
        stored: () => rows('SELECT * FROM review_replies ORDER BY review_id'),
      };
    },
  },
  {
    operationId: 'reportReview',
    fields: ['reason'],
    async prepare() {
      const id = await publishedOnce();
      return {
        send: by(seller, 'post', `/api/reviews/${id}/report`, {}),
        stored: () => rows('SELECT * FROM review_reports ORDER BY review_id'),
      };
    },
  },
  {
    operationId: 'hideReview',
    fields: ['reason'],
    async prepare() {
      const id = await publishedOnce();
      return {
        send: by(admin, 'post', `/api/reviews/${id}/hide`, {}),
        stored: () => rows('SELECT * FROM reviews WHERE id = ?', [id]),
      };
    },
  },
  {
    operationId: 'openClaim',
    fields: ['text'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token, { stock: 1 });
      const { bookingId } = await completedDeal(
        ctx.app.server,
        { buyer: buyer.token, seller: seller().token },
        mobileId,
      );
      return {
        send: by(buyerOf, 'post', `/api/bookings/${bookingId}/claim`, { kind: 'no_power' }),
        stored: () => rows('SELECT * FROM claims WHERE booking_id = ?', [bookingId]),
      };
    },
  },
  {
    operationId: 'decideClaim',
    fields: ['reason'],
    async prepare() {
      const mobileId = await createListing(ctx.app.server, seller().token, { stock: 1 });
      const { bookingId } = await completedDeal(
        ctx.app.server,
        { buyer: buyer.token, seller: seller().token },
        mobileId,
      );
      const opened = await call(ctx.app.server, 'post', `/api/bookings/${bookingId}/claim`, {
        token: buyer.token,
        body: { kind: 'no_power', text: 'It does not power on any more.' },
      });
      expect(opened.status, JSON.stringify(opened.body)).toBe(201);
      const id = (opened.body as { _id: string })._id;
      return {
        send: by(admin, 'post', `/api/claims/${id}/decision`, { outcome: 'release' }),
        stored: () => rows('SELECT * FROM claims WHERE id = ?', [id]),
      };
    },
  },
  {
    operationId: 'submitLocalPayoutDetails',
    fields: ['holderName'],
    async prepare() {
      return {
        send: by(seller, 'post', '/api/payout-account/local-details', {
          routingNumber: LOCAL_PAYOUT_ACCOUNTS.routingNumber,
          accountNumber: LOCAL_PAYOUT_ACCOUNTS.verified,
        }),
        stored: async () => [
          await rows('SELECT * FROM payout_accounts ORDER BY seller_id'),
          await rows('SELECT * FROM local_payout_accounts ORDER BY account_ref'),
        ],
      };
    },
  },
];

/** The searches: their words are text a person types too, refused alike (only letters and digits reach SQL). */
const SEARCHES = [
  ['searchMobiles', '/api/mobiles', 'buyer'],
  ['listCategoryMobiles', '/api/mobiles/02', 'buyer'],
  // All Users' find box (admins)
  ['listUsers', '/api/users', 'admin'],
] as const;

type Node = Record<string, unknown>;
const doc = loadContract() as unknown as Node;
const PLAIN_TEXT = '#/components/schemas/PlainText';

function resolve(node: Node): Node {
  const ref = node.$ref as string | undefined;
  if (!ref || ref === PLAIN_TEXT) return node;
  let value: unknown = doc;
  for (const part of ref.slice(2).split('/')) value = (value as Node)[part.replaceAll('~1', '/')];
  return resolve(value as Node);
}

/** The paths below `at` of the strings in a schema that are PlainText (themselves, or through a component). */
function plainTextPaths(node: Node, at: string): string[] {
  const schema = resolve(node);
  const parts = [schema, ...((schema.allOf as Node[] | undefined) ?? [])];
  if (parts.some((part) => part.$ref === PLAIN_TEXT)) return [at];
  return [
    ...Object.entries((schema.properties as Record<string, Node> | undefined) ?? {}).flatMap(
      ([name, child]) => plainTextPaths(child, `${at}/${name}`),
    ),
    ...(schema.items ? plainTextPaths(schema.items as Node, `${at}/[]`) : []),
    ...((schema.allOf as Node[] | undefined) ?? []).flatMap((part) => plainTextPaths(part, at)),
  ];
}

/** Each PlainText field of an operation, as its 400 names it (/body/..., /query/...). */
function textFieldsOf(path: string, method: string): string[] {
  const item = (doc.paths as Record<string, Node>)[path]!;
  const operation = item[method] as Node;
  const parameters = [...((item.parameters as Node[]) ?? []), ...((operation.parameters as Node[]) ?? [])];
  const body = operation.requestBody ? resolve(operation.requestBody as Node) : undefined;
  const json = (body?.content as Record<string, { schema: Node }> | undefined)?.['application/json'];
  return [
    ...parameters
      .map(resolve)
      .flatMap((parameter) =>
        plainTextPaths(parameter.schema as Node, `/${String(parameter.in)}/${String(parameter.name)}`),
      ),
    ...(json ? plainTextPaths(json.schema, '/body') : []),
  ];
}

describe('control characters in text a person writes', () => {
  it('covers every text field of every operation the contract gives one', () => {
    const fromContract = Object.fromEntries(
      contract.operations.flatMap((operation) => {
        const fields = textFieldsOf(operation.path, operation.method);
        return fields.length > 0 ? [[operation.operationId, fields]] : [];
      }),
    );
    expect(fromContract).toEqual({
      ...Object.fromEntries(
        OPERATIONS.map((operation) => [
          operation.operationId,
          operation.fields.map((field) => `/body/${field}`),
        ]),
      ),
      ...Object.fromEntries(SEARCHES.map(([operationId]) => [operationId, ['/query/q']])),
    });
  });

  for (const operation of OPERATIONS) {
    it(`${operation.operationId}: NUL, a bell and a C1 control -> 400 naming the field, nothing stored; newline and tab pass`, async () => {
      buyer ??= await newBuyer(ctx.app, 'Text Buyer');
      const { send, stored } = await operation.prepare();
      const before = await stored();
      for (const field of operation.fields) {
        for (const [name, control] of Object.entries(CONTROLS)) {
          const answer = await send({ [field]: `Some ${control} text` });
          const what = `${field} with ${name}: ${answer.status} ${JSON.stringify(answer.body)}`;
          expect(answer.status, what).toBe(400);
          const problems = (answer.body as { errors?: { path: string; message: string }[] }).errors ?? [];
          expect(problems, what).toContainEqual({ path: `/body/${field}`, message: CONTROL_CHARACTER });
          expect((answer.body as { message: string }).message, what).toMatch(/ has a control character /);
        }
      }
      expect(await stored()).toEqual(before);
      // Newline and tab inside the text are what people write (every field at once: some operations write once).
      const good = await send(
        Object.fromEntries(operation.fields.map((field) => [field, `One\n\ttwo\tthree`])),
      );
      expect(good.status, JSON.stringify(good.body)).toBeLessThan(300);
    });
  }

  it.each(SEARCHES)(
    '%s (GET %s?q=) with a NUL, a bell or a C1 control -> 400 naming q; a tab passes',
    async (_id, path, who) => {
      const search = (q: string) =>
        call(ctx.app.server, 'get', `${path}?q=${encodeURIComponent(q)}`, { token: ctx.people[who].token });
      for (const control of Object.values(CONTROLS)) {
        const answer = await search(`iphone${control}`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        expect(
          (answer.body as { errors: { path: string }[] }).errors.map((problem) => problem.path),
        ).toContain('/query/q');
      }
      expect((await search('apple\tiphone')).status).toBe(200);
    },
  );

  it('stores newline and tab as sent', async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      details: 'Box included\n\tCharger: yes\n\tCase: no',
    });
    expect(await ctx.app.db.get('SELECT details FROM mobiles WHERE id = ?', [id])).toEqual({
      details: 'Box included\n\tCharger: yes\n\tCase: no',
    });
  });
});

describe('bidirectional controls are removed before text is stored', () => {
  const spoof = `${RLO}gnp.exe${PDF}`;

  it("a listing's title and details come back without them", async () => {
    const id = await createListing(ctx.app.server, ctx.people.seller.token, {
      title: `Photo ${spoof}`,
      details: `Isolated \u2067right\u2069 and embedded \u202bleft${PDF}, marks \u200e\u200f kept`,
    });
    const read = await call(ctx.app.server, 'get', `/api/mobile/${id}`, { token: ctx.people.buyer.token });
    expect(read.body).toMatchObject({
      title: 'Photo gnp.exe',
      details: 'Isolated right and embedded left, marks \u200e\u200f kept',
    });
    // and so does the seller's edit
    const edited = await call(ctx.app.server, 'patch', `/api/mobile/${id}`, {
      token: ctx.people.seller.token,
      body: { title: `${RLO}Photo gnp.exe` },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await ctx.app.db.get('SELECT title FROM mobiles WHERE id = ?', [id])).toEqual({
      title: 'Photo gnp.exe',
    });
  });

  it('a message comes back without them in the thread, the inbox and the email', async () => {
    const sender = await newBuyer(ctx.app, 'Bidi Buyer');
    const preferences = await call(ctx.app.server, 'put', '/api/notifications/preferences', {
      token: ctx.people.seller.token,
      body: { messageEmail: 'instant' },
    });
    expect(preferences.status, JSON.stringify(preferences.body)).toBe(200);
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token, { title: 'Bidi phone' });
    const started = await call(ctx.app.server, 'post', '/api/conversations', {
      token: sender.token,
      body: { mobileId, text: `Here is the photo: ${spoof}` },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const id = (started.body as { _id: string })._id;
    const sent = await call(ctx.app.server, 'post', `/api/conversations/${id}/messages`, {
      token: sender.token,
      body: { text: `\u2066${spoof}\u2069` },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ text: 'gnp.exe' });

    const thread = await call(ctx.app.server, 'get', `/api/conversations/${id}/messages`, {
      token: ctx.people.seller.token,
    });
    expect((thread.body as { items: { text?: string }[] }).items.map((message) => message.text)).toEqual([
      'Here is the photo: gnp.exe',
      'gnp.exe',
    ]);
    const inbox = await call(ctx.app.server, 'get', `/api/conversations?mobileId=${mobileId}`, {
      token: ctx.people.seller.token,
    });
    const conversation = (inbox.body as { items: { _id: string; lastMessage?: { preview: string } }[] })
      .items[0];
    expect(conversation).toMatchObject({ _id: id, lastMessage: { preview: 'gnp.exe' } });

    const mails = await ctx.app.db.all<{ subject: string; html: string; text: string }>(
      `SELECT o.subject, o.html, o.text FROM outbox o JOIN users u ON u.id = o.user_id
        WHERE o.channel = 'email' AND u.email = ? ORDER BY o.seq`,
      [ctx.people.seller.email],
    );
    const quoting = mails.filter((mail) => mail.text.includes('gnp.exe'));
    expect(quoting.length).toBeGreaterThan(0);
    for (const mail of mails) {
      expect(JSON.stringify(mail)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    }
    expect(
      JSON.stringify(await ctx.app.db.all('SELECT text FROM messages WHERE conversation_id = ?', [id])),
    ).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it('a message of nothing but bidirectional controls is blank: 400, nothing stored', async () => {
    const mobileId = await createListing(ctx.app.server, ctx.people.seller.token);
    const answer = await call(ctx.app.server, 'post', '/api/conversations', {
      token: ctx.people.otherBuyer.token,
      body: { mobileId, text: ` ${RLO}${PDF} ` },
    });
    expect(answer.status).toBe(400);
    expect(
      await ctx.app.db.get('SELECT id FROM conversations WHERE mobile_id = ?', [mobileId]),
    ).toBeUndefined();
  });
});
