// /dashboard/payment/{id}: the booking (bookings feature) and the card form (payments feature) together.
import { toCents } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { formatMoney } from '@recell/ui/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Spinner } from '@recell/ui/Spinner';
import { getBookingQueryOptions, useBooking } from '../../features/bookings/api/get-booking';
import { HandoverCode } from '../../features/bookings/components/HandoverCode';
import { myBookingsKey } from '../../features/bookings/api/list-bookings';
import { getMobileQueryOptions } from '../../features/catalogue/api/get-mobile';
import { createPaymentIntentQueryOptions } from '../../features/payments/api/create-payment-intent';
import { OrderSummary } from '../../features/payments/components/OrderSummary';
import { PaymentForm } from '../../features/payments/components/PaymentForm';
import { Receipt } from '../../features/payments/components/Receipt';
import type { Payer } from '../../features/payments/components/payment-form-props';
import { SafeDealNote } from '../../components/SafeDealNote';
import { useApi } from '../../lib/api';
import { useToast } from '../../lib/toast';
import type { SignedInScreenProps } from '../shell/screen';

/** The route's screen: the booking in the path, paid for by who is signed in. */
export function PaymentScreen({ params: { id = '' }, session: { user } }: SignedInScreenProps) {
  const payer = {
    name: user.displayName ?? user.email,
    email: user.email,
    ...(user.displayName ? { cardName: user.displayName } : {}),
  };
  return <PaymentPage id={id} payer={payer} />;
}

export function PaymentPage({ id, payer }: { id: string; payer: Payer }) {
  const booking = useBooking(id);
  const api = useApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [transaction, setTransaction] = useState<string | null>(null);
  // the seller is on the listing, not the booking; a listing taken down leaves the summary without one
  const mobileId = booking.data?.mobileId;
  const listing = useQuery({ ...getMobileQueryOptions(api, mobileId ?? ''), enabled: Boolean(mobileId) });
  const seller = listing.data
    ? { name: listing.data.Seller_name, verified: Boolean(listing.data.Verified) }
    : undefined;
  // Paying charges the lower of the booked and the current price: when the intent's amount says the seller cut
  // it, the booking is read again so the page shows what is charged, and why.
  const payable = booking.data?.status === 'unpaid' && !booking.data.cancelled && !booking.data.soldOut;
  const intent = useQuery({
    ...createPaymentIntentQueryOptions(api, { bookingId: id }),
    enabled: Boolean(payable),
  });
  const charged = intent.data?.amount;
  useEffect(() => {
    if (charged !== undefined && booking.data && charged !== toCents(booking.data.price)) {
      void queryClient.invalidateQueries({ queryKey: getBookingQueryOptions(api, id).queryKey });
    }
  }, [api, booking.data, charged, id, queryClient]);
  if (booking.isPending) return <Spinner label="Loading the booking" />;
  if (booking.isError) throw booking.error;
  const held = booking.data.status === 'held' || (transaction !== null && !booking.data.paid);
  // the card form shows: none of the answers below (paid, held, cancelled, sold out) applies
  const asking =
    !transaction &&
    !booking.data.paid &&
    booking.data.status !== 'held' &&
    !booking.data.cancelled &&
    !booking.data.soldOut;
  const onPaid = (paidWith: string) => {
    setTransaction(paidWith);
    toast.success('Congrats, Payment Completed');
    void queryClient.invalidateQueries({ queryKey: getBookingQueryOptions(api, id).queryKey });
    void queryClient.invalidateQueries({ queryKey: myBookingsKey(payer.email) });
  };
  return (
    <section aria-labelledby="payment-title">
      <h1 id="payment-title">Payment For {booking.data.MobileName}</h1>
      {/* the spec's words until the card is held; then the header says what happened */}
      {held ? (
        <p>{formatMoney({ dollars: booking.data.price })} held on your card until the handover</p>
      ) : (
        <p>Please Pay {formatMoney({ dollars: booking.data.price })}</p>
      )}
      {payable && !transaction ? <SafeDealNote /> : null}
      {/* before paying the card form comes first, the summary of what was just booked under it: at 375 px the
          card's first field is on the first screen; after, the summary heads the receipt */}
      {asking ? null : <OrderSummary booking={booking.data} seller={seller} />}
      {transaction ? (
        // the toast announces the success; this stays for the transaction id, so it is no second live region
        <Receipt
          booking={booking.data}
          seller={seller}
          transaction={transaction}
          handover={
            booking.data.handoverCode ? (
              <HandoverCode code={booking.data.handoverCode} headingLevel={2} />
            ) : null
          }
        />
      ) : booking.data.paid ? (
        <Badge status="paid" />
      ) : booking.data.status === 'held' ? (
        // paid for already: the money waits for the handover
        <p>
          <Badge status="held" /> The seller gets the money when you give your handover code at the meetup.{' '}
          <Link href="/dashboard">See the code in My Orders</Link>
        </p>
      ) : booking.data.cancelled ? (
        // No form: the server refuses to charge a cancelled booking.
        <p>
          <Badge status="cancelled" />{' '}
          {booking.data.cancelledBy === 'buyer'
            ? 'You cancelled this booking.'
            : 'This booking was cancelled: the phone is no longer listed.'}
        </p>
      ) : booking.data.soldOut ? (
        <p>
          <Badge status="sold" /> This phone is sold out: someone else bought the last one.
        </p>
      ) : (
        <>
          <PaymentForm
            paying={{ bookingId: booking.data._id }}
            amount={booking.data.price}
            payer={payer}
            onPaid={onPaid}
          />
          <OrderSummary booking={booking.data} seller={seller} />
        </>
      )}
    </section>
  );
}
