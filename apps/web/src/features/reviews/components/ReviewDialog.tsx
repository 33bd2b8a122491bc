import { REVIEW_STARS_MAX, REVIEW_TEXT_MAX, type Booking, type Review } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { FormTextArea } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { formStack } from '../../../components/styles.css';
import { formatPostedTime } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateReview } from '../api/create-review';
import { useBuyerRecord } from '../api/get-buyer-record';
import { useDealReviews } from '../api/get-deal-reviews';
import { useReplyToReview } from '../api/reply-to-review';
import { ReportReview } from './ReportReview';

/** Which party of the deal is writing: the buyer reviews the seller, the seller the buyer. */
export type ReviewSide = 'buyer' | 'seller';

const words = (side: ReviewSide) => {
  const other = side === 'buyer' ? 'seller' : 'buyer';
  return {
    other,
    mine: `Your review of the ${other}`,
    theirs: `The ${other}'s review of you`,
    blind: `hidden from the ${other} until they review you or the window closes`,
    form: `Review the ${other}`,
  };
};

const STARS = Array.from({ length: REVIEW_STARS_MAX }, (_, index) => {
  const stars = REVIEW_STARS_MAX - index;
  return { id: String(stars), label: `${stars} star${stars === 1 ? '' : 's'}` };
});

/** A review as its reader sees it: stars in words, the text as text, the seller's reply. */
function Written({
  review,
  heading,
  blind,
  reportable = false,
}: {
  review: Review;
  heading: string;
  blind: string;
  /** The review of you, once you can see it: you may report it. */
  reportable?: boolean;
}) {
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      <p>
        {review.stars} of {REVIEW_STARS_MAX} stars
        {review.published ? '' : `: ${blind}`}
      </p>
      {review.text ? <p>{review.text}</p> : null}
      {review.hidden ? <p>Hidden by ReCell: {review.hidden.reason}</p> : null}
      {review.reply ? <p>Reply: {review.reply.text}</p> : null}
      {reportable ? <ReportReview reviewId={review._id} heading={heading} /> : null}
    </section>
  );
}

/** The one public reply the reviewed person may post to a published review of them. */
function ReplyForm({ bookingId, review }: { bookingId: string; review: Review }) {
  const reply = useReplyToReview(bookingId);
  const toast = useToast();
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('reply') ?? '').trim();
    if (!text) {
      setError('Write your reply first');
      return;
    }
    if (text.length > REVIEW_TEXT_MAX) {
      setError(`At most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`);
      return;
    }
    setError(undefined);
    reply.mutate(
      { id: review._id, text },
      {
        onSuccess: () => toast.success('Your reply is public'),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  }

  return (
    <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Reply to this review">
      <FormTextArea
        label="Your public reply"
        name="reply"
        description="Once per review, shown under it to everyone"
        error={error}
      />
      <Button type="submit" isPending={reply.isPending} pendingLabel="Saving your reply">
        Reply
      </Button>
    </form>
  );
}

/** My Buyers: what sellers said about this buyer (never public). */
function BuyerRecord({ bookingId }: { bookingId: string }) {
  const record = useBuyerRecord(bookingId).data;
  if (!record) return null;
  return (
    <p>
      This buyer:{' '}
      {record.rating.average === null
        ? 'no reviews yet'
        : `${record.rating.average.toFixed(1)} of ${REVIEW_STARS_MAX} stars from ${record.rating.count} review${record.rating.count === 1 ? '' : 's'}`}
      , {record.completedDeals} completed deal{record.completedDeals === 1 ? '' : 's'}.
    </p>
  );
}

/**
 * A party's review of the other after a completed deal: once, within the window. Double-blind: the other's
 * review shows here only once both have written or the window has closed. The seller also sees the buyer's
 * record.
 */
export function ReviewDialog({
  booking,
  side,
  onClose,
}: {
  booking: Booking;
  side: ReviewSide;
  onClose: () => void;
}) {
  const said = words(side);
  const reviews = useDealReviews(booking._id);
  const create = useCreateReview(booking._id);
  const toast = useToast();
  const [stars, setStars] = useState('5');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    if (text.length > REVIEW_TEXT_MAX) {
      setError(`At most ${REVIEW_TEXT_MAX.toLocaleString('en-US')} characters`);
      return;
    }
    create.mutate(
      { stars: Number(stars), ...(text ? { text } : {}) },
      {
        onSuccess: () => toast.success('Thank you: your review is saved'),
        onError: (failure) => toast.error(errorMessage(failure)),
      },
    );
  }

  const data = reviews.data;
  return (
    <ModalDialog title={`Review of ${booking.MobileName}`} onClose={onClose}>
      {!data ? (
        <p>{reviews.isError ? errorMessage(reviews.error) : 'Loading your review'}</p>
      ) : (
        <>
          {side === 'seller' ? <BuyerRecord bookingId={booking._id} /> : null}
          {data.mine ? <Written review={data.mine} heading={said.mine} blind={said.blind} /> : null}
          {data.theirs ? (
            <Written review={data.theirs} heading={said.theirs} blind={said.blind} reportable />
          ) : null}
          {data.theirs?.published && !data.theirs.reply && !data.theirs.hidden ? (
            <ReplyForm bookingId={booking._id} review={data.theirs} />
          ) : null}
          {data.canReview ? (
            <form className={formStack} onSubmit={onSubmit} noValidate aria-label={said.form}>
              <p>
                How was the deal? You can review until {formatPostedTime(data.windowClosesAt)}. The{' '}
                {said.other} sees your review once they have reviewed you, or when that time is up.
              </p>
              <Select
                label="Stars"
                name="stars"
                options={STARS}
                selectedKey={stars}
                onSelectionChange={(key) => setStars(String(key))}
              />
              <FormTextArea label="Your review (optional)" name="text" error={error} />
              <Button type="submit" isPending={create.isPending} pendingLabel="Saving your review">
                Save review
              </Button>
            </form>
          ) : data.mine ? null : (
            <p>The time to review this deal has passed.</p>
          )}
          <Button variant="secondary" onPress={onClose}>
            Close
          </Button>
        </>
      )}
    </ModalDialog>
  );
}
