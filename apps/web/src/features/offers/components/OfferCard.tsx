import { SAFETY_ADVICE, type Offer } from '@recell/api';
import { Link } from 'wouter';
import type { OfferSide } from '../api/list-offers';
import { OfferActions } from './OfferActions';
import { OfferStatusBadge } from './OfferStatusBadge';
import { endedWords, expiryWords, findingsWords, money } from './offer-words';
import * as styles from './Offers.css';

/**
 * One offer as either side reads it: the phone, the amounts (offered, asked, countered, held), until when it is
 * open, the notes as their writers wrote them (text, never markup), the off-platform warning, and the actions.
 */
export function OfferCard({
  offer,
  side,
  headingLevel = 2,
  actions = true,
}: {
  offer: Offer;
  side: OfferSide;
  headingLevel?: 2 | 3;
  /** Off where the page around it is the action (the payment page). */
  actions?: boolean;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const expires = expiryWords(offer.expiresAt);
  const ended = endedWords(offer, side);
  return (
    <article className={styles.card} aria-label={`Offer for ${offer.MobileName}`}>
      <img src={offer.picture} alt="" width={72} height={54} className={styles.picture} />
      <div className={styles.body}>
        <div className={styles.head}>
          <Heading className={styles.title}>
            <Link href={`/mobile/${encodeURIComponent(offer.mobileId)}`}>{offer.MobileName}</Link>
          </Heading>
          <OfferStatusBadge status={offer.status} side={side} />
        </div>
        <dl className={styles.facts}>
          <dt className={styles.term}>{side === 'buyer' ? 'Your offer' : `${offer.buyer} offered`}</dt>
          <dd>{money(offer.amount)}</dd>
          <dt className={styles.term}>Asking price</dt>
          <dd>{money(offer.askingPrice)}</dd>
          {offer.counterAmount !== undefined ? (
            <>
              <dt className={styles.term}>{side === 'buyer' ? 'The seller asks' : 'Your counter'}</dt>
              <dd>{money(offer.counterAmount)}</dd>
            </>
          ) : null}
          {offer.heldAmount !== undefined ? (
            <>
              <dt className={styles.term}>
                {side === 'buyer' ? 'Held on your card' : "Held on the buyer's card"}
              </dt>
              <dd>{money(offer.heldAmount)}</dd>
            </>
          ) : null}
          {expires ? (
            <>
              <dt className={styles.term}>
                {offer.status === 'awaiting_card' ? 'Hold the card by' : 'Answer by'}
              </dt>
              <dd>
                <time dateTime={offer.expiresAt}>{expires}</time>
              </dd>
            </>
          ) : null}
          {side === 'buyer' ? (
            <>
              <dt className={styles.term}>Seller</dt>
              <dd>{offer.seller}</dd>
            </>
          ) : null}
        </dl>
        {offer.text ? (
          <blockquote
            className={styles.note}
            aria-label={side === 'buyer' ? 'Your note' : `${offer.buyer}'s note`}
          >
            {offer.text}
          </blockquote>
        ) : null}
        {offer.counterText ? (
          <blockquote
            className={styles.note}
            aria-label={side === 'buyer' ? "The seller's note" : 'Your note'}
          >
            {offer.counterText}
          </blockquote>
        ) : null}
        {offer.safety && offer.safety.length > 0 ? (
          <p className={styles.warning} role="note">
            <strong>This offer&apos;s notes contain {findingsWords(offer.safety)}.</strong> {SAFETY_ADVICE}
          </p>
        ) : null}
        {ended ? <p className={styles.muted}>{ended}</p> : null}
        {actions ? <OfferActions offer={offer} side={side} /> : null}
      </div>
    </article>
  );
}
