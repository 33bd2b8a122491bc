// A local HTTP fake of the Stripe endpoints the adapter calls, for the real `stripe` SDK pointed at 127.0.0.1.
import { createServer, type Server } from 'node:http';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  /** What a capture took: `amount_to_capture`, or all of it. */
  amount_received?: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  /** seconds since the epoch, as Stripe's `created` */
  created: number;
  /** Set once refunded (Stripe expands it on request; the fake always sends it). */
  latest_charge?: { id: string; object: 'charge'; amount_refunded: number };
}

function parseForm(text: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = key.match(/^(\w+)\[(\w+)\]$/);
    if (nested) {
      const [, outer = '', inner = ''] = nested;
      result[outer] = { ...((result[outer] as object | undefined) ?? {}), [inner]: value };
    } else {
      result[key] = value;
    }
  }
  return result;
}

export async function startFakeStripe() {
  const intents = new Map<string, FakeIntent>();
  const byIdempotencyKey = new Map<string, FakeIntent>();
  const refunds: { paymentIntent: string; idempotencyKey: string | undefined }[] = [];
  const requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    form: Record<string, unknown>;
  }[] = [];
  let counter = 0;
  let refundFailures = 0;

  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const form = parseForm(text);
      const path = (req.url ?? '').split('?')[0] ?? '';
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path, idempotencyKey, form });
      const send = (status: number, body: object) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && path === '/v1/payment_intents') {
        const seen = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (seen) return send(200, seen);
        counter += 1;
        const id = `pi_fake${String(counter).padStart(8, '0')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: String(form.currency),
          status: 'requires_payment_method',
          client_secret: `${id}_secret_fake`,
          created: Math.floor(Date.now() / 1000),
          metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        };
        intents.set(id, intent);
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(200, intent);
      }
      if (req.method === 'GET' && path === '/v1/payment_intents') {
        const since = Number(new URL(req.url ?? '', 'http://fake').searchParams.get('created[gte]') ?? 0);
        const data = [...intents.values()].filter((intent) => intent.created >= since);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/payment_intents' });
      }
      const action = path.match(/^\/v1\/payment_intents\/(\w+)\/(capture|cancel)$/);
      if (req.method === 'POST' && action) {
        const intent = intents.get(action[1] ?? '');
        if (!intent)
          return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        // As Stripe: only an authorized intent can be captured or canceled.
        if (intent.status !== 'requires_capture') {
          return send(400, {
            error: {
              type: 'invalid_request_error',
              code: 'payment_intent_unexpected_state',
              message: `This PaymentIntent's status is ${intent.status}`,
            },
          });
        }
        if (action[2] === 'capture') {
          // As Stripe: a capture takes at most what was authorized; the rest is let go.
          const take = form.amount_to_capture === undefined ? intent.amount : Number(form.amount_to_capture);
          if (!(Number.isInteger(take) && take > 0 && take <= intent.amount)) {
            return send(400, { error: { type: 'invalid_request_error', param: 'amount_to_capture' } });
          }
          intent.amount_received = take;
        }
        intent.status = action[2] === 'capture' ? 'succeeded' : 'canceled';
        return send(200, intent);
      }
      const retrieve = path.match(/^\/v1\/payment_intents\/([\w]+)$/);
      if (req.method === 'GET' && retrieve) {
        const intent = intents.get(retrieve[1] ?? '');
        return intent
          ? send(200, intent)
          : send(404, {
              error: {
                type: 'invalid_request_error',
                code: 'resource_missing',
                message: 'No such payment_intent',
              },
            });
      }
      if (req.method === 'POST' && path === '/v1/refunds') {
        if (refundFailures > 0) {
          refundFailures -= 1;
          return send(400, { error: { type: 'invalid_request_error', message: 'Refund refused (fake)' } });
        }
        const paymentIntent = String(form.payment_intent);
        refunds.push({ paymentIntent, idempotencyKey });
        const refunded = intents.get(paymentIntent);
        if (refunded) {
          refunded.latest_charge = {
            id: `ch_${paymentIntent}`,
            object: 'charge',
            amount_refunded: refunded.amount,
          };
        }
        return send(200, {
          id: `re_${refunds.length}`,
          object: 'refund',
          payment_intent: paymentIntent,
          status: 'succeeded',
        });
      }
      send(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method} ${path})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    /** What Stripe.js does in the browser when the card is confirmed for a manual-capture intent: a hold. */
    authorize(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'requires_capture';
      return intent;
    },
    /** The money taken (a capture outside the server, say from Stripe's dashboard). */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    /** The next refund call answers an error, as Stripe might. */
    failNextRefund() {
      refundFailures += 1;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
