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
import { useDealReviews } from '../api/get-deal-reviews';

const STARS = Array.from({ length: REVIEW_STARS_MAX }, (_, index) => {
  const stars = REVIEW_STARS_MAX - index;
  return { id: String(stars), label: `${stars} star${stars === 1 ? '' : 's'}` };
});

/** A review as its reader sees it: stars in words, the text as text, the seller's reply. */
function Written({ review, heading }: { review: Review; heading: string }) {
  return (
    <section aria-label={heading}>
      <h3>{heading}</h3>
      <p>
        {review.stars} of {REVIEW_STARS_MAX} stars
        {review.published ? '' : ': hidden from the seller until they review you or the window closes'}
      </p>
      {review.text ? <p>{review.text}</p> : null}
      {review.hidden ? <p>Hidden by ReCell: {review.hidden.reason}</p> : null}
      {review.reply ? <p>Reply: {review.reply.text}</p> : null}
    </section>
  );
}

/**
 * The buyer's review of the seller after a completed deal: once, within the window. Double-blind: the seller's
 * review of the buyer shows here only once both have written or the window has closed.
 */
export function ReviewDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
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
          {data.mine ? <Written review={data.mine} heading="Your review of the seller" /> : null}
          {data.theirs ? <Written review={data.theirs} heading="The seller's review of you" /> : null}
          {data.canReview ? (
            <form className={formStack} onSubmit={onSubmit} noValidate aria-label="Review the seller">
              <p>
                How was the deal? You can review until {formatPostedTime(data.windowClosesAt)}. The seller
                sees your review once they have reviewed you, or when that time is up.
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
