import { deviceWords, modelWords, type Mobile } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { formatMoney } from '@recell/ui/format';
import { Link } from '@recell/ui/Link';
import { visuallyHidden } from '@recell/ui/theme';
import type { ReactNode } from 'react';
import { GradeGuide, GradeNote } from '../../../components/GradeGuide';
import {
  availability,
  formatPostedTime,
  formatStorage,
  type RenderListingStatus,
} from '../../../lib/listing';
import { ReaderText } from '../../../lib/reader-text';
import { ListingSellerRating } from '../../../lib/seller-rating';
import * as styles from './mobile-page.css';

/**
 * What the detail page shows. A visitor's copy of a listing has no seller email (getMobile is public), and only
 * the parties get the seller's number.
 */
export type MobileDetail = Omit<Mobile, 'email'> & Partial<Pick<Mobile, 'email'>>;

/** '***********1234' read aloud is eleven "star"s: a screen reader hears the last four digits instead. */
function MaskedImei({ masked }: { masked: string }) {
  return (
    <>
      <span aria-hidden="true">{masked}</span>
      <span className={visuallyHidden}>ending in {masked.slice(-4)}</span>
    </>
  );
}

/**
 * What the IMEI says, in words: the model its TAC names against the listing, and the device's status with when it
 * was checked. Two sentences, so a screen reader reads each whole.
 */
function ImeiCheckFact({ check }: { check: NonNullable<Mobile['imeiCheck']> }) {
  return (
    <span className={styles.imeiCheck}>
      <span data-outcome={check.model.outcome}>{modelWords(check)}.</span>
      <span data-status={check.device.status}>
        <ReaderText text={() => `${deviceWords(check)}.`} />
      </span>
    </span>
  );
}

/**
 * The seller's number reaches only the parties (docs/decisions.md): the seller, an admin and the buyer whose card
 * is held for this phone, since the meetup needs it. Everyone else is told when it shows.
 */
function SellerNumber({ mobile }: { mobile: MobileDetail }) {
  if (mobile.number_of_seller)
    return <a href={`tel:${mobile.number_of_seller.replace(/[^+\d]/g, '')}`}>{mobile.number_of_seller}</a>;
  return <span className={styles.muted}>Shows here once your card is held for this phone</span>;
}

function Facts({ mobile }: { mobile: MobileDetail }) {
  type Fact = [term: string, value: ReactNode];
  const facts: Fact[] = [
    ...(mobile.storageGb === undefined ? [] : [['Storage', formatStorage(mobile.storageGb)] satisfies Fact]),
    ...(mobile.colour === undefined ? [] : [['Colour', mobile.colour] satisfies Fact]),
    ...(mobile.batteryHealth === undefined
      ? []
      : [['Battery health', `${mobile.batteryHealth}%`] satisfies Fact]),
    ['Years of use', mobile.Year_of_uses],
    ['Year of purchase', mobile.Year_of_purchase],
    ...(mobile.imeiMasked ? [['IMEI', <MaskedImei masked={mobile.imeiMasked} />] satisfies Fact] : []),
    ...(mobile.imeiCheck ? [['IMEI check', <ImeiCheckFact check={mobile.imeiCheck} />] satisfies Fact] : []),
    [
      'Seller',
      <>
        {/* their public profile: rating, reviews, completed deals */}
        {mobile.sellerId ? (
          <Link href={`/seller/${mobile.sellerId}`}>{mobile.Seller_name}</Link>
        ) : (
          mobile.Seller_name
        )}
        {mobile.Verified ? <Badge status="verified" /> : null}
        {mobile.sellerPhoneVerified ? <Badge status="phoneVerified" /> : null}
        <ListingSellerRating mobile={mobile} />
      </>,
    ],
    ["Seller's number", <SellerNumber mobile={mobile} />],
    [
      'Posted',
      <time dateTime={mobile.the_time_it_posted}>
        <ReaderText text={() => formatPostedTime(mobile.the_time_it_posted)} />
      </time>,
    ],
    ['Location', mobile.location],
    ['Category', <Link href={`/category/${mobile.category_id}`}>{mobile.category_name}</Link>],
    // the listing's reference (`bookingId`) is the seller's own, often the raw id: not a fact a buyer decides by
  ];
  return (
    <dl className={styles.facts}>
      {facts.map(([term, value]) => (
        <div key={term} style={{ display: 'contents' }}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A listing, loaded: the picture large, then price and condition first, the facts, and the buying actions. */
export function MobileDetails({
  mobile,
  actions,
  renderStatus,
  priceGuide,
}: {
  mobile: MobileDetail;
  actions: ReactNode;
  renderStatus?: RenderListingStatus;
  /** Beside the price: how it compares with what the model really sold for. */
  priceGuide?: ReactNode;
}) {
  const status = availability(mobile);
  const standing = <Badge status={status} />;
  return (
    <article className={styles.page} aria-labelledby="mobile-title">
      <p className={styles.back}>
        <Link href={`/category/${mobile.category_id}`}>All {mobile.category_name} phones</Link>
      </p>
      <figure className={styles.frame}>
        <img
          className={styles.picture}
          src={mobile.picture}
          alt={mobile.title}
          width={800}
          height={600}
          fetchPriority="high"
        />
      </figure>
      <div className={styles.summary}>
        <h1 id="mobile-title" className={styles.title}>
          {mobile.title}
        </h1>
        <div className={styles.badges}>
          {/* "Available" to everyone but the buyer with an open deal of it, who is told where their deal stands */}
          {renderStatus ? renderStatus(mobile, standing) : standing}
        </div>
        <p className={styles.priceRow}>
          <span className={styles.price}>
            <span className={visuallyHidden}>Price: </span>
            {formatMoney({ dollars: mobile.resale_price })}
          </span>
          <span className={styles.muted}>
            <s>{formatMoney({ dollars: mobile.buying_price })}</s> new
          </span>
        </p>
        {priceGuide}
        <p className={styles.condition}>
          Condition: <strong>{mobile.condition}</strong>
        </p>
        <GradeNote condition={mobile.condition} />
        {/* the other grades, folded: what this one is measured against */}
        <GradeGuide />
        {status === 'sold' ? <p>This phone is sold: it can no longer be booked or added to a cart.</p> : null}
        {status === 'withdrawn' ? (
          <p>
            This listing is withdrawn: its IMEI is reported lost or stolen, so it cannot be booked or added to
            a cart.
          </p>
        ) : null}
        {actions}
        <Facts mobile={mobile} />
      </div>
      <section className={styles.details} aria-labelledby="mobile-details">
        <h2 id="mobile-details">Details</h2>
        <p>{mobile.details}</p>
      </section>
    </article>
  );
}
