import { DEFAULT_HOLD_WINDOW_HOURS } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Select } from '@recell/ui/Select';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Key } from 'react-aria-components';
import { useToast } from '../../lib/toast';
import { dealMoves, isDealMove, type DealControls, type DealMove } from '../deal-controls';
import { isReviewMove, reviewMoves, type ReviewMove } from '../review-controls';
import * as styles from './MockPanel.css';

/** Hours a hold lasts in the mocks, plus one: one press expires every hold placed before it. */
const PAST_A_HOLD = DEFAULT_HOLD_WINDOW_HOURS + 1;

/**
 * QA moves any booking to a deal state, acts a completed one's reviews out, or moves the deal clock forward; then
 * every screen reads again.
 */
export function DealsSection({ deals }: { deals: DealControls }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [bookingId, setBookingId] = useState<Key | null>(null);
  const [move, setMove] = useState<DealMove>('held');
  const [reviews, setReviews] = useState<ReviewMove>('blind');
  // the list's words (each booking's state) come from the store: read again after every change
  const [, setChanges] = useState(0);
  const done = (message: string) => {
    setChanges((count) => count + 1);
    toast.success(message);
    void queryClient.invalidateQueries();
  };
  const forward = (hours: number) => {
    const expired = deals.advanceClock(hours);
    done(`Clock moved ${hours} hours; ${expired} ${expired === 1 ? 'hold' : 'holds'} expired`);
  };
  return (
    <>
      <h3 className={styles.heading}>Deals</h3>
      <Select
        label="Booking"
        placeholder="Choose a booking"
        options={deals.list()}
        selectedKey={bookingId}
        onSelectionChange={setBookingId}
      />
      <Select
        label="Move to"
        options={[...dealMoves]}
        selectedKey={move}
        onSelectionChange={(key) => isDealMove(key) && setMove(key)}
      />
      <Button
        variant="secondary"
        isDisabled={bookingId === null}
        onPress={() => bookingId !== null && done(deals.move(String(bookingId), move))}
      >
        Move the deal
      </Button>
      <Select
        label="Reviews"
        options={[...reviewMoves]}
        selectedKey={reviews}
        onSelectionChange={(key) => isReviewMove(key) && setReviews(key)}
      />
      <Button
        variant="secondary"
        isDisabled={bookingId === null}
        onPress={() => bookingId !== null && done(deals.reviews(String(bookingId), reviews))}
      >
        Act out the reviews
      </Button>
      <Button variant="secondary" onPress={() => forward(24)}>
        Clock +1 day
      </Button>
      <Button variant="secondary" onPress={() => forward(PAST_A_HOLD)}>
        Clock past a hold ({PAST_A_HOLD} h)
      </Button>
    </>
  );
}
