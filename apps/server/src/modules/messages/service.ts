// Messages: one conversation per listing and buyer, read and written by its two parties only. An admin
// reads one only through a message report that names it, and each reading is audited. Every committed write is
// told to the live stream through `signals` (src/live/signals.ts), after its transaction, never inside it (a
// PostgreSQL transaction may run again).
import type { Logger } from 'pino';
import type { components } from '@recell/api';
import type { CurrentUser } from '../../auth/policy';
import type { Database } from '../../db/database';
import { forbidden, HttpError, notFound } from '../../http/errors';
import { pageOf, type PageRequest } from '../../http/pagination';
import { newId, now } from '../../ids';
import type { MessageReader, Signal, Signals } from '../../live/signals';
import { toDollars } from '../../money';
import type { CatalogueRepository } from '../catalogue/repository';
import type { DealsRepository } from '../deals/repository';
import { meetupOf } from '../deals/record';
import { requireOwnPicture } from '../pictures/own';
import type { AuditRepository } from '../audit/repository';
import { toReport, type ReportsRepository } from '../reports/repository';
import type { Notice } from '../notifications/service';
import type { UsersRepository } from '../users/repository';
import type { ConversationRow, ConversationView, MessageRow, MessagesRepository } from './repository';
import {
  MESSAGE_REFUSALS,
  type MessageRefusal,
  type SafetyFinding,
  sendRefusal,
  webLinks,
} from '@recell/api';
import { detectSafety } from '@recell/api/safety';

type Schemas = components['schemas'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
// openapi-typescript reads NewMessage's `anyOf: [required: text, required: pictures]` as `| unknown`; the
// validator has checked the body against the schema, so its properties are these.
export interface NewMessage {
  text?: string;
  pictures?: string[];
}
export type NewConversation = NewMessage & { mobileId?: string; bookingId?: string };

/** Messages either side of a reported one that an admin reads. */
const REPORT_CONTEXT = 20;

/** Refuses in the words the mocks use too (@recell/api's MESSAGE_REFUSALS). */
const refuse = (refusal: MessageRefusal): never => {
  throw new HttpError(refusal.status, refusal.message, { code: refusal.code });
};
const blocked = (byYou: boolean): never =>
  refuse(byYou ? MESSAGE_REFUSALS.youBlocked : MESSAGE_REFUSALS.blockedYou);
const closed = (): never => refuse(MESSAGE_REFUSALS.closed);

const side = (row: Pick<ConversationRow, 'buyer_id'>, userId: string) =>
  row.buyer_id === userId ? ('buyer' as const) : ('seller' as const);
const otherOf = (row: Pick<ConversationRow, 'buyer_id' | 'seller_id'>, userId: string) =>
  row.buyer_id === userId ? row.seller_id : row.buyer_id;
const isParty = (row: Pick<ConversationRow, 'buyer_id' | 'seller_id'>, userId: string) =>
  row.buyer_id === userId || row.seller_id === userId;

/**
 * A message as `viewer` sees it: the safety findings only on a message they received (an admin reading a
 * reported thread receives none of them, and sees every finding: the moderation signal).
 */
export function toMessage(row: MessageRow, viewer: string): Message {
  const mine = row.sender_id === viewer;
  const safety = JSON.parse(row.safety) as SafetyFinding[];
  return {
    _id: row.id,
    seq: Number(row.seq),
    conversationId: row.conversation_id,
    from: row.sender_id === row.buyer_id ? 'buyer' : 'seller',
    mine,
    ...(row.text !== null ? { text: row.text } : {}),
    pictures: JSON.parse(row.pictures) as string[],
    sentAt: row.sent_at,
    ...(!mine && safety.length > 0 ? { safety } : {}),
  };
}

const listingOf = (row: ConversationView) => ({
  title: row.title,
  picture: row.picture,
  price: toDollars(Number(row.price_cents)),
  removed: row.removed === 1,
});

export function toConversation(row: ConversationView, me: string): Conversation {
  const you = side(row, me);
  const lastSeq = Number(row.last_seq);
  return {
    _id: row.id,
    mobileId: row.mobile_id,
    listing: listingOf(row),
    you,
    other: { name: you === 'buyer' ? row.seller_name : row.buyer_name },
    ...(row.booking_id && row.booking_status
      ? {
          booking: {
            _id: row.booking_id,
            status: row.booking_status,
            // the meetup's spot and time show at the head of the thread
            ...(row.meetup_place ? { meetup: meetupOf(row) } : {}),
          },
        }
      : {}),
    unread: Number(row.unread),
    ...(lastSeq > 0 && row.last_sent_at
      ? {
          lastMessage: {
            seq: lastSeq,
            mine: row.last_sender === me,
            preview: row.last_text === null ? 'Picture' : row.last_text.slice(0, 140),
            sentAt: row.last_sent_at,
          },
        }
      : {}),
    closed: row.removed === 1,
    canSend: row.removed === 0 && row.blocked_me === 0 && row.blocked_by_me === 0,
    blockedByYou: row.blocked_by_me === 1,
    otherSeenUpTo: Number(you === 'buyer' ? row.seller_read_seq : row.buyer_read_seq),
    updatedAt: row.updated_at,
  };
}

/** Message pictures are this site's own, as a listing's are (modules/pictures/own.ts). */
function requireOwnPictures(pictures: readonly string[] | undefined) {
  pictures?.forEach((picture, index) => requireOwnPicture(picture, `/body/pictures/${index}`));
}

export function messagesService(deps: {
  db: Database;
  messages: MessagesRepository;
  mobiles: CatalogueRepository;
  deals: DealsRepository;
  users: UsersRepository;
  reports: ReportsRepository;
  audit: AuditRepository;
  signals: Signals;
  /** The notifications module's `notify`, in the message's transaction (wired in app.ts). */
  notify?: (notice: Notice) => Promise<void>;
  logger: Logger;
}) {
  const { db, messages, signals } = deps;

  /** The conversation when `user` is one of its two parties: 404 when there is none, 403 for anyone else. */
  async function asParty(user: CurrentUser, id: string): Promise<ConversationRow> {
    const row = (await messages.find(id)) ?? notFound();
    if (!isParty(row, user.id)) forbidden();
    return row;
  }

  const view = async (id: string, me: string) =>
    toConversation((await messages.view(id, me)) ?? notFound(), me);

  /** Why a message could not be written: the listing is gone, or one of the two blocked the other. */
  async function refusal(conversation: ConversationRow, sender: string): Promise<never> {
    const other = otherOf(conversation, sender);
    const found = sendRefusal({
      closed: !(await deps.mobiles.find(conversation.mobile_id)),
      blockedYou: await messages.blocks(other, sender),
      youBlocked: await messages.blocks(sender, other),
    });
    if (found) refuse(found);
    // Neither: a removal or a block that came and went between the write and this read.
    throw new HttpError(409, 'The conversation changed meanwhile; please send it again');
  }

  /** Writes the message in the caller's transaction; refuses when the conversation cannot take it. */
  async function append(conversation: ConversationRow, sender: string, body: NewMessage) {
    const seq = await messages.append({
      id: newId('msg'),
      conversation: conversation.id,
      sender,
      text: body.text ?? null,
      pictures: body.pictures ?? [],
      safety: detectSafety(body.text),
      at: now(),
    });
    if (seq === undefined || seq === null) return refusal(conversation, sender);
    // The other party hears of it (the sender never does), in the message's own transaction.
    await deps.notify?.({
      kind: 'message',
      to: [
        {
          id: otherOf(conversation, sender),
          side: side(conversation, otherOf(conversation, sender)),
          link: webLinks.conversation(conversation.id),
        },
      ],
      actor: sender,
      listing: {
        mobileId: conversation.mobile_id,
        title: conversation.title,
        picture: conversation.picture,
        priceCents: Number(conversation.price_cents),
      },
      who: (await deps.users.findById(sender))?.name ?? 'Someone',
      ...(body.text ? { quote: body.text } : {}),
      thread: { id: conversation.id, seq: Number(seq) },
    });
    return seq;
  }

  /** A new message: both parties' streams (the sender's other tabs too), and the recipient's unread count. */
  const sent = (conversation: ConversationRow, seq: number, sender: string): Signal[] => [
    { user: conversation.buyer_id, type: 'message', seq },
    { user: conversation.seller_id, type: 'message', seq },
    { user: otherOf(conversation, sender), type: 'unread' },
  ];

  /**
   * After the commit: a stream that misses a signal catches up by Last-Event-ID or polling, so the write stands
   * and its caller is answered whatever happens here.
   */
  async function afterCommit(work: () => Promise<void>) {
    try {
      await work();
    } catch (error) {
      deps.logger.warn({ err: error }, 'live signals not sent');
    }
  }
  const tell = (list: Signal[]) => afterCommit(() => signals.send(list));

  /** Starting as a buyer: the listing, and who sells it. */
  async function buyerStart(user: CurrentUser, mobileId: string) {
    if (user.role === 'seller') forbidden('Sellers write to a buyer from a booking');
    const listing = await deps.mobiles.find(mobileId);
    if (!listing) {
      if (await messages.findOf(mobileId, user.id)) closed();
      return notFound();
    }
    if (listing.seller_id === user.id) forbidden();
    return {
      mobile_id: listing.id,
      buyer_id: user.id,
      seller_id: listing.seller_id,
      title: listing.title,
      picture: listing.picture,
      price_cents: listing.resale_cents,
    };
  }

  /** Starting as a seller: a booking of one of their listings names the buyer. */
  async function sellerStart(user: CurrentUser, bookingId: string) {
    const booking = (await deps.deals.find(bookingId)) ?? notFound();
    if (booking.seller_id !== user.id) forbidden();
    const buyer = (await deps.users.findByEmail(booking.buyer_email)) ?? notFound();
    const listing = await deps.mobiles.find(booking.mobile_id);
    if (!listing) closed();
    return {
      mobile_id: booking.mobile_id,
      buyer_id: buyer.id,
      seller_id: user.id,
      title: listing!.title,
      picture: listing!.picture,
      price_cents: listing!.resale_cents,
    };
  }

  const reader: MessageReader = {
    async messageFor(viewer, seq) {
      const row = await messages.messageOf(viewer, seq);
      return row ? toMessage(row, viewer) : null;
    },
    async messagesAfter(viewer, afterSeq, limit) {
      return (await messages.messagesAfter(viewer, afterSeq, limit)).map((row) => toMessage(row, viewer));
    },
    unreadCount: (viewer) => messages.unreadCount(viewer),
  };

  return {
    reader,

    async listConversations(user: CurrentUser, mobileId: string | undefined, page: PageRequest) {
      const { rows, total } = await messages.list(user.id, mobileId, page);
      return pageOf(
        rows.map((row) => toConversation(row, user.id)),
        total,
        page,
      );
    },

    /** One conversation per listing and buyer: a second start adds its message to the first (created false). */
    async startConversation(user: CurrentUser, body: NewConversation) {
      requireOwnPictures(body.pictures);
      const head = body.mobileId
        ? await buyerStart(user, body.mobileId)
        : await sellerStart(user, body.bookingId ?? notFound());
      const other = head.buyer_id === user.id ? head.seller_id : head.buyer_id;
      if (await messages.blockedBetween(user.id, other)) blocked(await messages.blocks(user.id, other));
      const { created, conversation, seq } = await db.transaction(async () => {
        const at = now();
        const created = await messages.insert({ id: newId('c'), ...head, created_at: at, updated_at: at });
        const conversation = (await messages.findOf(head.mobile_id, head.buyer_id)) ?? notFound();
        return { created, conversation, seq: await append(conversation, user.id, body) };
      });
      await tell(sent(conversation, seq, user.id));
      return { created, conversation: await view(conversation.id, user.id) };
    },

    getUnreadCount: async (user: CurrentUser) => ({ unread: await messages.unreadCount(user.id) }),

    async getConversation(user: CurrentUser, id: string) {
      await asParty(user, id);
      return view(id, user.id);
    },

    async listMessages(user: CurrentUser, id: string, before: number | undefined, limit: number) {
      const conversation = await asParty(user, id);
      const { rows, hasMore } = await messages.page(id, before, limit);
      const you = side(conversation, user.id);
      return {
        items: rows.map((row) => toMessage(row, user.id)),
        hasMore,
        otherSeenUpTo: Number(you === 'buyer' ? conversation.seller_read_seq : conversation.buyer_read_seq),
      };
    },

    async sendMessage(user: CurrentUser, id: string, body: NewMessage): Promise<Message> {
      const conversation = await asParty(user, id);
      requireOwnPictures(body.pictures);
      const seq = await db.transaction(() => append(conversation, user.id, body));
      await tell(sent(conversation, seq, user.id));
      return (await reader.messageFor(user.id, seq)) ?? notFound();
    },

    /** Read up to `upTo`: the other side's stream learns it was seen, the reader's unread count moves. */
    async markConversationRead(user: CurrentUser, id: string, upTo: number) {
      const conversation = await asParty(user, id);
      await messages.markRead(id, user.id, upTo);
      const now = (await messages.find(id)) ?? notFound();
      const seen = Number(side(now, user.id) === 'buyer' ? now.buyer_read_seq : now.seller_read_seq);
      await tell([
        { user: otherOf(conversation, user.id), type: 'read', conversationId: id, upTo: seen },
        { user: user.id, type: 'unread' },
      ]);
      return { unread: await messages.unreadCount(user.id) };
    },

    async blockPerson(user: CurrentUser, id: string) {
      const conversation = await asParty(user, id);
      const other = otherOf(conversation, user.id);
      await messages.block(user.id, other, now());
      await tell(bothHeads(conversation));
      return view(id, user.id);
    },

    async unblockPerson(user: CurrentUser, id: string) {
      const conversation = await asParty(user, id);
      await messages.unblock(user.id, otherOf(conversation, user.id));
      await tell(bothHeads(conversation));
      return view(id, user.id);
    },

    /** A deal moved (committed): its thread's head shows the deal's state, so both parties fetch it again. */
    dealMoved: (bookingId: string) =>
      afterCommit(async () => {
        const conversation = await messages.ofBooking(bookingId);
        if (conversation) await signals.send(bothHeads(conversation));
      }),

    /** Listings removed (committed): their conversations are closed now, so both parties' heads change. */
    listingsRemoved: (mobileIds: readonly string[]) =>
      afterCommit(async () => {
        const closedNow = await messages.ofListings(mobileIds);
        if (closedNow.length > 0) await signals.send(closedNow.flatMap(bothHeads));
      }),

    /** A message the caller received goes to the moderation queue, naming its listing and the message. */
    async reportMessage(user: CurrentUser, messageId: string, reason: string) {
      const message = (await messages.findMessage(messageId)) ?? notFound();
      const conversation = await asParty(user, message.conversation_id);
      if (message.sender_id === user.id) forbidden('You can report only a message you received');
      const id = newId('r');
      const added = await deps.reports.insert({
        id,
        mobile_id: conversation.mobile_id,
        mobile_name: conversation.title,
        reason,
        reporter_email: user.email,
        created_at: now(),
        status: 'open',
        message_id: message.id,
      });
      if (!added) refuse(MESSAGE_REFUSALS.duplicateReport);
      return { acknowledged: true as const, insertedId: id };
    },

    /** An admin reads the thread around a reported message; the reading is written to the audit log. */
    async getReportedConversation(admin: CurrentUser, reportId: string) {
      const report = (await deps.reports.find(reportId)) ?? notFound();
      const message = report.message_id ? await messages.findMessage(report.message_id) : undefined;
      if (!message) return notFound();
      // Seen from nobody's side: `mine` is false on every message and every finding shows.
      const row = (await messages.view(message.conversation_id, '')) ?? notFound();
      const [buyer, seller] = await Promise.all([
        deps.users.findById(row.buyer_id),
        deps.users.findById(row.seller_id),
      ]);
      const around = await messages.around(row.id, Number(message.seq), REPORT_CONTEXT);
      await deps.audit.record(admin.email, 'conversation.read', report.id, report.mobile_name);
      return {
        report: toReport(report),
        listing: listingOf(row),
        buyer: { name: buyer?.name ?? row.buyer_name, email: buyer?.email ?? '' },
        seller: { name: seller?.name ?? row.seller_name, email: seller?.email ?? '' },
        messages: around.map((m) => toMessage(m, '')),
      };
    },
  };
}

/** A conversation's head changed (a block, a deal move, the listing removed): both parties fetch it again. */
export const bothHeads = (conversation: Pick<ConversationRow, 'id' | 'buyer_id' | 'seller_id'>): Signal[] => [
  { user: conversation.buyer_id, type: 'conversation', conversationId: conversation.id },
  { user: conversation.seller_id, type: 'conversation', conversationId: conversation.id },
];

export type MessagesService = ReturnType<typeof messagesService>;
