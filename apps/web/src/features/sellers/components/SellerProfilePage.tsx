import { ratingWords, REVIEW_STARS_MAX, type Review, type SellerProfile } from '@recell/api';
import { Badge } from '@recell/ui/Badge';
import { usePageParam } from '../../../components/Pager';
import { ListSection, QueryState } from '../../../components/QueryState';
import { formatPostedTime } from '../../../lib/listing';
import { useSellerProfile } from '../api/get-seller-profile';
import { useSellerReviews } from '../api/list-seller-reviews';
import { SellerListings } from './SellerListings';

/**
 * What the buyer checked on their own screen at the handover, in words; nothing when they checked
 * nothing. The evidence is only ever the buyer's, and the sentence says so.
 */
export function handoverWords(evidence: Review['verifiedHandover']): string | null {
  if (!evidence) return null;
  const checked = [
    evidence.imeiMatched && 'IMEI matched by the buyer',
    evidence.conditionMatched && 'condition as described',
    evidence.signedOut && 'signed out of its cloud account',
  ].filter(Boolean);
  if (!checked.length) return null;
  return evidence.imeiMatched
    ? `Verified handover: ${checked.join(', ')}`
    : `Verified handover, checked by the buyer: ${checked.join(', ')}`;
}

/** "November 2026": how long a seller has been here, not the minute they signed up. */
export function memberSince(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The median first reply in words a buyer reads at a glance: "within a minute", "within 3 hours". */
export function repliesWithin(minutes: number): string {
  const within = (count: number, unit: string) => `within ${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes <= 1) return 'within a minute';
  if (minutes < 60) return within(Math.ceil(minutes), 'minute');
  if (minutes < 24 * 60) return within(Math.ceil(minutes / 60), 'hour');
  return within(Math.ceil(minutes / (24 * 60)), 'day');
}

function Facts({ profile }: { profile: SellerProfile }) {
  return (
    <section aria-label="About the seller">
      <p>
        {profile.verified ? <Badge status="verified" /> : null}
        {profile.phoneVerified ? <Badge status="phoneVerified" /> : null}
      </p>
      <p>{ratingWords(profile.rating)}</p>
      <p>Member since {memberSince(profile.memberSince)}</p>
      <p>
        {profile.completedDeals} completed deal{profile.completedDeals === 1 ? '' : 's'}
      </p>
      {profile.medianFirstReplyMinutes === undefined ? null : (
        <p>Usually replies {repliesWithin(profile.medianFirstReplyMinutes)}</p>
      )}
    </section>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const handover = handoverWords(review.verifiedHandover);
  return (
    <li>
      <article aria-label={`Review by ${review.author.name}`}>
        <p>
          {review.stars} of {REVIEW_STARS_MAX} stars, by {review.author.name},{' '}
          <time dateTime={review.createdAt}>{formatPostedTime(review.createdAt)}</time>
        </p>
        {handover ? <p>{handover}</p> : null}
        {/* what a person writes is shown as text, never as markup */}
        {review.text ? <p>{review.text}</p> : null}
        {review.reply ? <p>The seller replied: {review.reply.text}</p> : null}
      </article>
    </li>
  );
}

/**
 * /seller/:id, public: who the seller is (marks, rating, "New seller" below three reviews, member since,
 * completed deals, how fast they answer), their published reviews, newest first, with replies, then their
 * listings in stock.
 */
export function SellerProfilePage({ id }: { id: string }) {
  const paging = usePageParam();
  const profile = useSellerProfile(id);
  return (
    <ListSection
      // the seller's name heads the page; the pager brings focus back to it
      title={profile.data?.name ?? 'Seller'}
      controls={
        <QueryState query={profile} label="the seller">
          {(loaded) => <Facts profile={loaded} />}
        </QueryState>
      }
      // what others said of the seller before what they sell (at 375 px the listings took 4,000 px first)
      after={<SellerListings id={id} />}
      query={useSellerReviews(id, paging.page)}
      paging={paging}
      label="the seller's reviews"
      empty="No reviews yet."
      skeleton="rows"
    >
      {({ items }) => (
        <section aria-label="Reviews">
          <h2>Reviews</h2>
          <ul>
            {items.map((review) => (
              <ReviewItem key={review._id} review={review} />
            ))}
          </ul>
        </section>
      )}
    </ListSection>
  );
}
