import { REVIEW_STARS_MAX, type ReportedReview } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Card } from '@recell/ui/Card';
import { Link } from '@recell/ui/Link';
import { Select } from '@recell/ui/Select';
import { TextField } from '@recell/ui/TextField';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Confirm } from '../../../components/Confirm';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { grid } from '../../../components/styles.css';
import { formatPostedTime } from '../../../lib/listing';
import { errorMessage, useToast } from '../../../lib/toast';
import { useHideReview } from '../api/hide-review';
import { useReviewReports, type ReviewQueueStatus } from '../api/list-review-reports';
import { splitReason } from '../report-reason';
import { useFilterParam } from '../use-filter-param';
import * as styles from './admin.css';

const STATUSES: { id: ReviewQueueStatus; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'hidden', label: 'Hidden' },
];

const EMPTY: Record<ReviewQueueStatus, string> = {
  open: 'No reported reviews. Nothing to review.',
  hidden: 'No reviews hidden yet.',
};

/** The contract's reason bounds (NewMessageReport): the server refuses outside them. */
const REASON_MIN = 3;
const REASON_MAX = 500;

/** "Ayesha Khan's review of Rahim Uddin": how the queue and the audit log name a review. */
export const reviewTitle = (item: ReportedReview) =>
  `${item.review.author.name}'s review of ${item.subject.name}`;

const reporterWords = (report: ReportedReview['reports'][number]) =>
  report.by === 'author' ? `its author, ${report.reporterName}` : `${report.reporterName}, whom it is about`;

function ConfirmHide({
  item,
  onClose,
  onDone,
}: {
  item: ReportedReview;
  onClose: () => void;
  onDone: () => void;
}) {
  const hide = useHideReview();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  return (
    <Confirm
      title={`Hide ${reviewTitle(item)}?`}
      action="Hide review"
      pending={hide.isPending}
      onConfirm={() => {
        const text = reason.trim();
        if (text.length < REASON_MIN) {
          setError('Say which rule it breaks: its author reads this');
          return;
        }
        hide.mutate(
          { id: item.review._id, reason: text },
          {
            onSuccess: () => {
              toast.success('Review hidden');
              onDone();
            },
            onError: (failure) => toast.error(errorMessage(failure)),
          },
        );
      }}
      onClose={onClose}
    >
      <p>
        The review leaves {item.subject.name}&apos;s profile and rating. Its author still sees it, with your
        reason. This is in the audit log.
      </p>
      <TextField
        label="Reason"
        description="Which rule it breaks"
        multiline
        isRequired
        maxLength={REASON_MAX}
        value={reason}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
        isInvalid={!!error}
        errorMessage={error}
        validationBehavior="aria"
      />
    </Confirm>
  );
}

function ReportedReviewCard({ item, onHide }: { item: ReportedReview; onHide: () => void }) {
  const { review } = item;
  const title = reviewTitle(item);
  return (
    <Card
      as="li"
      headingLevel={2}
      title={review.about === 'seller' ? <Link href={`/seller/${item.subject._id}`}>{title}</Link> : title}
      actions={
        review.hidden ? null : (
          <Button aria-label={`Hide review: ${title}`} onPress={onHide}>
            Hide review
          </Button>
        )
      }
    >
      <p className={styles.count}>
        {review.stars} of {REVIEW_STARS_MAX} stars{review.published ? '' : ' (not public yet)'}
      </p>
      {/* what a person wrote, as text */}
      {review.text ? <p className={styles.line}>{review.text}</p> : null}
      {review.reply ? <p className={styles.muted}>Reply: {review.reply.text}</p> : null}
      {review.hidden ? (
        <p className={styles.line}>
          Hidden <time dateTime={review.hidden.hiddenAt}>{formatPostedTime(review.hidden.hiddenAt)}</time>:{' '}
          {review.hidden.reason}
        </p>
      ) : null}
      <ul className={styles.reports} aria-label={`Reports on ${title}`}>
        {item.reports.map((report) => {
          const { reason, note } = splitReason(report.reason);
          return (
            <li key={`${report.reporterName}-${report.createdAt}`} className={styles.report}>
              <p className={styles.line}>Reason: {reason}</p>
              {note ? <p className={styles.line}>Note: {note}</p> : null}
              <p className={styles.muted}>
                By {reporterWords(report)},{' '}
                <time dateTime={report.createdAt}>{formatPostedTime(report.createdAt)}</time>
              </p>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/**
 * /dashboard/report?kind=reviews (admins): reviews a party of the deal reported. Hide takes one off the profile
 * and the rating with a reason its author reads (audited). `?status=` picks open (the default) or hidden.
 */
export function ReviewQueue({ kindControl }: { kindControl: ReactNode }) {
  const [status, setStatus] = useFilterParam(
    'status',
    STATUSES.map((option) => option.id),
    'open',
  );
  const paging = usePageParam();
  const reported = useReviewReports(status, paging.page);
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const controls = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState(0);
  // The hidden review's card leaves the open list with the button focus would go back to: the heading takes it.
  useEffect(() => {
    if (hidden) controls.current?.closest('section')?.querySelector<HTMLElement>('h1')?.focus();
  }, [hidden]);
  return (
    <>
      <ListSection
        title="Reported reviews"
        query={reported}
        paging={paging}
        label="reported reviews"
        empty={EMPTY[status]}
        controls={
          <div ref={controls} className={styles.filters}>
            {kindControl}
            <Select
              label="Status"
              options={STATUSES}
              selectedKey={status}
              onSelectionChange={(key) => setStatus((key as ReviewQueueStatus | null) ?? 'open')}
            />
          </div>
        }
      >
        {({ items }) => (
          <ul className={grid} aria-label="Reported reviews">
            {items.map((item) => (
              <ReportedReviewCard key={item.review._id} item={item} onHide={() => setHiding(item)} />
            ))}
          </ul>
        )}
      </ListSection>
      {hiding ? (
        <ConfirmHide
          item={hiding}
          onClose={() => setHiding(null)}
          onDone={() => {
            setHiding(null);
            setHidden((count) => count + 1);
          }}
        />
      ) : null}
    </>
  );
}
