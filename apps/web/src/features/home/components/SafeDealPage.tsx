import { DEFAULT_HOLD_WINDOW_HOURS, HANDOVER_ATTEMPTS } from '@recell/api';

/**
 * /safe-deal: how paying on ReCell protects both sides, in a buyer's order of events. Linked from the line beside
 * Book and on the payment screen; the numbers are the deal's own rules (@recell/api).
 */
export function SafeDealPage() {
  const days = DEFAULT_HOLD_WINDOW_HOURS / 24;
  return (
    <article aria-labelledby="safe-deal-title">
      <h1 id="safe-deal-title">How a safe deal works</h1>
      <p>
        On ReCell you never pay a stranger up front. Your card is only held, and the seller is paid when you
        hand over your code at the meetup, once you have the phone in your hand.
      </p>
      <ol>
        <li>
          <strong>Book</strong> the phone and say where you would like to meet. Nothing is charged.
        </li>
        <li>
          <strong>Pay</strong> from My Orders. Your card is held for the price, not charged, and the phone is
          kept for you. You now see the seller&apos;s number, to arrange the meetup.
        </li>
        <li>
          <strong>Meet</strong> in a public place. Check the phone in My Orders: type the IMEI it shows when
          you dial *#06# (we tell you whether it is the phone you booked), then look over the screen, the
          cameras and the charging port, and see that it is signed out of its cloud account.
        </li>
        <li>
          <strong>Hand over the code</strong> My Orders shows once you have checked the phone (or chosen to
          skip the check), only when you are happy. The seller enters it, and only then is the seller paid.
        </li>
      </ol>
      <h2>If something is wrong</h2>
      <ul>
        <li>
          Not as described? Walk away and say why: the hold is let go, the phone goes back on sale, and our
          admins review the listing.
        </li>
        <li>No meetup within {days} days? The hold ends by itself and nothing is charged.</li>
        <li>
          After {HANDOVER_ATTEMPTS} wrong codes no code is accepted: the deal can only end without a payment.
        </li>
        <li>Never pay outside ReCell, and never give your code before you have the phone.</li>
      </ul>
    </article>
  );
}
