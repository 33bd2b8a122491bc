// Messages in the mocks, with the server's rules: only a conversation's two parties read or write it, one
// conversation per listing and buyer, a block stops the blocked one writing, a removed listing's conversations are
// closed, and the safety findings reach only the recipient. GET /events is a real event stream, fed
// by every write here; in QA mode (`store.autoReplyMs`) the other side answers a few seconds after you write.
import { HttpResponse } from 'msw';
import type { components } from '../../generated/schema';
import { MESSAGE_PREVIEW_MAX, MESSAGE_REFUSALS, type MessageRefusal, sendRefusal } from '../../messages';
import { detectSafety } from '../../safety';
import { type Listener, listenersOf } from '../live';
import type { MockConversation, MockMessage, MockStore } from '../store';
import { fail, http, now, type OperationHandlers, paginate, requireUser } from '../support';

// the notifications handlers tell the bell through it
export { publishLive } from '../live';

type Schemas = components['schemas'];
type User = Schemas['User'];
type LiveEvent = Schemas['LiveEvent'];

/** Refuses in the server's words (the messages rulebook). */
const refuse = (refusal: MessageRefusal): never => fail(refusal.status, refusal.message, refusal.code);

const otherSide = (conversation: MockConversation, userId: string) =>
  conversation.buyerId === userId ? conversation.sellerId : conversation.buyerId;

const readSeqOf = (conversation: MockConversation, userId: string) =>
  conversation.buyerId === userId ? conversation.buyerReadSeq : conversation.sellerReadSeq;

/** Messages as one person sees them: which side wrote it, whether it is theirs, the findings only if not. */
export function messageFor(
  conversation: MockConversation,
  message: MockMessage,
  viewerId: string,
): Schemas['Message'] {
  const mine = message.senderId === viewerId;
  return {
    _id: message._id,
    seq: message.seq,
    conversationId: message.conversationId,
    from: message.senderId === conversation.buyerId ? 'buyer' : 'seller',
    mine,
    ...(message.text === undefined ? {} : { text: message.text }),
    pictures: message.pictures,
    sentAt: message.sentAt,
    ...(!mine && message.safety.length > 0 ? { safety: message.safety } : {}),
  };
}

export function messageHandlers(store: MockStore) {
  const userById = (id: string) => store.users.find((user) => user._id === id);
  const messagesOf = (conversationId: string) =>
    store.messages.filter((message) => message.conversationId === conversationId);
  const isBlocked = (blockerId: string, blockedId: string) =>
    store.blocks.some((block) => block.blockerId === blockerId && block.blockedId === blockedId);
  const listingOf = (conversation: MockConversation) =>
    store.mobiles.find((mobile) => mobile._id === conversation.mobileId);
  const unreadIn = (conversation: MockConversation, userId: string) =>
    messagesOf(conversation._id).filter(
      (message) => message.senderId !== userId && message.seq > readSeqOf(conversation, userId),
    ).length;
  const mine = (userId: string) =>
    store.conversations.filter(
      (conversation) => conversation.buyerId === userId || conversation.sellerId === userId,
    );
  const unreadCount = (userId: string) =>
    mine(userId).reduce((sum, conversation) => sum + unreadIn(conversation, userId), 0);

  const publish = (userId: string, event: LiveEvent, id?: string) => {
    for (const listener of listenersOf(store, userId)) listener(event, id);
  };

  function view(conversation: MockConversation, user: User): Schemas['Conversation'] {
    const you = conversation.buyerId === user._id ? 'buyer' : 'seller';
    const otherId = otherSide(conversation, user._id);
    const removed = !listingOf(conversation);
    const buyer = userById(conversation.buyerId);
    const booking = store.bookings
      .filter((candidate) => candidate.mobileId === conversation.mobileId && candidate.email === buyer?.email)
      .at(-1);
    const last = messagesOf(conversation._id).at(-1);
    return {
      _id: conversation._id,
      mobileId: conversation.mobileId,
      listing: {
        title: conversation.title,
        picture: conversation.picture,
        price: conversation.price,
        removed,
      },
      you,
      other: { name: userById(otherId)?.name ?? 'A former member' },
      ...(booking
        ? {
            booking: {
              _id: booking._id,
              status: booking.status,
              ...(booking.meetup ? { meetup: booking.meetup } : {}),
            },
          }
        : {}),
      unread: unreadIn(conversation, user._id),
      ...(last
        ? {
            lastMessage: {
              seq: last.seq,
              mine: last.senderId === user._id,
              preview: last.text ? last.text.slice(0, MESSAGE_PREVIEW_MAX) : 'Picture',
              sentAt: last.sentAt,
            },
          }
        : {}),
      closed: removed,
      canSend: !removed && !isBlocked(otherId, user._id),
      blockedByYou: isBlocked(user._id, otherId),
      otherSeenUpTo: readSeqOf(conversation, otherId),
      updatedAt: last?.sentAt ?? conversation.createdAt,
    };
  }

  /** The conversation, to one of its two parties only. */
  function partyOf(id: string, user: User): MockConversation {
    const conversation =
      store.conversations.find((candidate) => candidate._id === id) ?? fail(404, 'Not found');
    if (conversation.buyerId !== user._id && conversation.sellerId !== user._id) fail(403, 'Forbidden');
    return conversation;
  }

  function requireCanSend(conversation: MockConversation, sender: User) {
    const other = otherSide(conversation, sender._id);
    const found = sendRefusal({
      closed: !listingOf(conversation),
      blockedYou: isBlocked(other, sender._id),
      youBlocked: isBlocked(sender._id, other),
    });
    if (found) refuse(found);
  }

  /** Writes a message and tells both sides (each sees it as their own, or with its findings). */
  function write(
    conversation: MockConversation,
    senderId: string,
    content: { text?: string; pictures?: string[] },
  ): MockMessage {
    const seq = store.messages.reduce((max, message) => Math.max(max, message.seq), 0) + 1;
    const message: MockMessage = {
      _id: store.nextId('msg'),
      seq,
      conversationId: conversation._id,
      senderId,
      ...(content.text === undefined ? {} : { text: content.text }),
      pictures: content.pictures ?? [],
      sentAt: now(),
      safety: detectSafety(content.text),
    };
    store.messages.push(message);
    // writing is reading up to what you wrote
    if (conversation.buyerId === senderId) conversation.buyerReadSeq = seq;
    else conversation.sellerReadSeq = seq;
    for (const userId of [conversation.buyerId, conversation.sellerId]) {
      publish(userId, { type: 'message', message: messageFor(conversation, message, userId) }, String(seq));
    }
    const recipient = otherSide(conversation, senderId);
    publish(recipient, { type: 'unread', unread: unreadCount(recipient) });
    if (store.autoReplyMs !== null) scheduleReply(conversation, recipient, store.autoReplyMs);
    return message;
  }

  const pendingReplies = new Set<string>();
  /** QA mode: the other person "answers" once, a little later, unless the conversation closed or they blocked. */
  function scheduleReply(conversation: MockConversation, replierId: string, ms: number) {
    const key = `${conversation._id}:${replierId}`;
    if (pendingReplies.has(key)) return;
    pendingReplies.add(key);
    setTimeout(() => {
      pendingReplies.delete(key);
      const replier = userById(replierId);
      const current = store.conversations.find((candidate) => candidate._id === conversation._id);
      if (!replier || !current || !listingOf(current) || isBlocked(otherSide(current, replierId), replierId))
        return;
      const autoReply = store.autoReplyMs;
      store.autoReplyMs = null; // the answer does not call for an answer
      write(current, replierId, {
        text: `Thanks for your message! (an automatic answer from ${replier.name})`,
      });
      store.autoReplyMs = autoReply;
    }, ms);
  }

  function startAsBuyer(user: User, mobileId: string) {
    const mobile = store.mobiles.find((candidate) => candidate._id === mobileId);
    const existing = store.conversations.find(
      (conversation) => conversation.mobileId === mobileId && conversation.buyerId === user._id,
    );
    if (!mobile) return existing ? refuse(MESSAGE_REFUSALS.closed) : fail(404, 'Not found');
    if (user.role === 'seller' || mobile.email === user.email) fail(403, 'Forbidden');
    const seller =
      store.users.find((candidate) => candidate.email === mobile.email) ?? fail(404, 'Not found');
    return { existing, buyerId: user._id, seller, mobile };
  }

  function startAsSeller(user: User, bookingId: string) {
    const booking = store.bookings.find((candidate) => candidate._id === bookingId) ?? fail(404, 'Not found');
    const mobile = store.mobiles.find((candidate) => candidate._id === booking.mobileId);
    const existingFor = (buyerId: string) =>
      store.conversations.find(
        (conversation) => conversation.mobileId === booking.mobileId && conversation.buyerId === buyerId,
      );
    const buyer =
      store.users.find((candidate) => candidate.email === booking.email) ?? fail(404, 'Not found');
    if (!mobile) return existingFor(buyer._id) ? refuse(MESSAGE_REFUSALS.closed) : fail(404, 'Not found');
    if (mobile.email !== user.email) fail(403, 'Forbidden');
    return { existing: existingFor(buyer._id), buyerId: buyer._id, seller: user, mobile };
  }

  return {
    listConversations: http.get('/conversations', ({ request, query, response }) => {
      const user = requireUser(store, request);
      const mobileId = query.get('mobileId');
      const views = mine(user._id)
        .filter((conversation) => !mobileId || conversation.mobileId === mobileId)
        .map((conversation) => view(conversation, user))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return response(200).json(paginate(views, query));
    }),

    startConversation: http.post('/conversations', async ({ request, response }) => {
      const user = requireUser(store, request);
      const body = await request.json();
      const { existing, buyerId, seller, mobile } =
        'mobileId' in body && body.mobileId
          ? startAsBuyer(user, body.mobileId)
          : startAsSeller(user, body.bookingId ?? fail(400, 'Name a listing or a booking'));
      const conversation: MockConversation = existing ?? {
        _id: store.nextId('c'),
        mobileId: mobile._id,
        buyerId,
        sellerId: seller._id,
        createdAt: now(),
        buyerReadSeq: 0,
        sellerReadSeq: 0,
        title: mobile.title,
        picture: mobile.picture,
        price: mobile.resale_price,
      };
      requireCanSend(conversation, user);
      if (!existing) store.conversations.push(conversation);
      write(conversation, user._id, body);
      return response(existing ? 200 : 201).json(view(conversation, user));
    }),

    getUnreadCount: http.get('/conversations/unread', ({ request, response }) => {
      const user = requireUser(store, request);
      return response(200).json({ unread: unreadCount(user._id) });
    }),

    getConversation: http.get('/conversations/{id}', ({ request, params, response }) => {
      const user = requireUser(store, request);
      return response(200).json(view(partyOf(params.id, user), user));
    }),

    listMessages: http.get('/conversations/{id}/messages', ({ request, params, query, response }) => {
      const user = requireUser(store, request);
      const conversation = partyOf(params.id, user);
      const before = Number(query.get('before') ?? Number.MAX_SAFE_INTEGER);
      const limit = Number(query.get('limit') ?? 30);
      const older = messagesOf(conversation._id).filter((message) => message.seq < before);
      return response(200).json({
        items: older.slice(-limit).map((message) => messageFor(conversation, message, user._id)),
        hasMore: older.length > limit,
        otherSeenUpTo: readSeqOf(conversation, otherSide(conversation, user._id)),
      });
    }),

    sendMessage: http.post('/conversations/{id}/messages', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const conversation = partyOf(params.id, user);
      requireCanSend(conversation, user);
      const message = write(conversation, user._id, await request.json());
      return response(201).json(messageFor(conversation, message, user._id));
    }),

    markConversationRead: http.post('/conversations/{id}/read', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const conversation = partyOf(params.id, user);
      const { upTo } = await request.json();
      const last = messagesOf(conversation._id).at(-1)?.seq ?? 0;
      const read = Math.max(readSeqOf(conversation, user._id), Math.min(upTo, last));
      if (read !== readSeqOf(conversation, user._id)) {
        if (conversation.buyerId === user._id) conversation.buyerReadSeq = read;
        else conversation.sellerReadSeq = read;
        publish(otherSide(conversation, user._id), {
          type: 'read',
          conversationId: conversation._id,
          upTo: read,
        });
      }
      const unread = unreadCount(user._id);
      publish(user._id, { type: 'unread', unread });
      return response(200).json({ unread });
    }),

    blockPerson: http.put('/conversations/{id}/block', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const conversation = partyOf(params.id, user);
      const otherId = otherSide(conversation, user._id);
      if (!isBlocked(user._id, otherId)) store.blocks.push({ blockerId: user._id, blockedId: otherId });
      publish(otherId, { type: 'conversation', conversationId: conversation._id });
      return response(200).json(view(conversation, user));
    }),

    unblockPerson: http.delete('/conversations/{id}/block', ({ request, params, response }) => {
      const user = requireUser(store, request);
      const conversation = partyOf(params.id, user);
      const otherId = otherSide(conversation, user._id);
      store.blocks = store.blocks.filter(
        (block) => !(block.blockerId === user._id && block.blockedId === otherId),
      );
      publish(otherId, { type: 'conversation', conversationId: conversation._id });
      return response(200).json(view(conversation, user));
    }),

    reportMessage: http.post('/messages/{id}/report', async ({ request, params, response }) => {
      const user = requireUser(store, request);
      const message =
        store.messages.find((candidate) => candidate._id === params.id) ?? fail(404, 'Not found');
      const conversation = partyOf(message.conversationId, user);
      // only what you received: your own message is not yours to report
      if (message.senderId === user._id) fail(403, 'Forbidden');
      const { reason } = await request.json();
      if (
        store.reports.some(
          (report) => report.messageId === message._id && report.reporterEmail === user.email,
        )
      )
        refuse(MESSAGE_REFUSALS.duplicateReport);
      const _id = store.nextId('r');
      store.reports.push({
        _id,
        mobileId: conversation.mobileId,
        MobileName: conversation.title,
        Report: reason,
        reporterEmail: user.email,
        createdAt: now(),
        status: 'open',
        messageId: message._id,
      });
      return response(201).json({ acknowledged: true, insertedId: _id });
    }),

    getReportedConversation: http.get('/reports/{id}/conversation', ({ request, params, response }) => {
      const admin = requireUser(store, request);
      const report = store.reports.find((candidate) => candidate._id === params.id);
      const message = report?.messageId
        ? store.messages.find((candidate) => candidate._id === report.messageId)
        : undefined;
      const conversation = store.conversations.find((candidate) => candidate._id === message?.conversationId);
      if (!report || !message || !conversation) fail(404, 'Not found');
      const all = messagesOf(conversation._id);
      const at = all.indexOf(message);
      const party = (id: string) => {
        const user = userById(id);
        return { name: user?.name ?? 'A former member', email: user?.email ?? 'deleted@recell.test' };
      };
      store.audit.push({
        _id: store.nextId('a'),
        at: now(),
        actorEmail: admin.email,
        action: 'conversation.read',
        target: report._id,
        targetName: report.MobileName,
      });
      return response(200).json({
        report,
        listing: {
          title: conversation.title,
          picture: conversation.picture,
          price: conversation.price,
          removed: !listingOf(conversation),
        },
        buyer: party(conversation.buyerId),
        seller: party(conversation.sellerId),
        // nobody reading here wrote them: neither `mine` nor the recipient's findings
        messages: all
          .slice(Math.max(0, at - 20), at + 21)
          .map((one) => ({ ...messageFor(conversation, one, admin._id), mine: false })),
      });
    }),

    // A body that streams (not MSW's `sse`, which needs a global EventSource that Node and jsdom lack), so the
    // app's fetch-based client, tests and QA's browser all read it alike.
    streamEvents: http.untyped.get('*/api/events', ({ request }) => {
      const user = requireUser(store, request);
      const listeners = listenersOf(store, user._id);
      const encoder = new TextEncoder();
      let send: Listener = () => undefined;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          send = (event, id) => {
            try {
              const idLine = id === undefined ? '' : `id: ${id}\n`;
              controller.enqueue(encoder.encode(`${idLine}data: ${JSON.stringify(event)}\n\n`));
            } catch {
              listeners.delete(send); // the stream was closed under us
            }
          };
          controller.enqueue(encoder.encode(': connected\n\n'));
          // a reconnect first gets every message of its conversations after the last one it saw
          const lastSeen = Number(request.headers.get('last-event-id') ?? NaN);
          if (Number.isFinite(lastSeen)) {
            const conversations = new Map(mine(user._id).map((one) => [one._id, one]));
            for (const message of store.messages.toSorted((a, b) => a.seq - b.seq)) {
              const conversation = conversations.get(message.conversationId);
              if (conversation && message.seq > lastSeen)
                send(
                  { type: 'message', message: messageFor(conversation, message, user._id) },
                  String(message.seq),
                );
            }
            send({ type: 'unread', unread: unreadCount(user._id) });
          }
          listeners.add(send);
        },
        cancel() {
          listeners.delete(send);
        },
      });
      request.signal.addEventListener('abort', () => listeners.delete(send));
      return new HttpResponse(body, {
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
      });
    }),
  } satisfies OperationHandlers;
}
