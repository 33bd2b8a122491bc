import type { BookingMeetup } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { dhakaTime } from '../../lib/meetup-time';
import { note } from './MeetupLine.css';

/**
 * Where and when a deal's two sides meet, and its calendar entry: the same words in My Orders, the
 * buyer's deal and My Buyers. `onCalendar` downloads the .ics (each feature's own API call).
 */
export function MeetupLine({
  meetup,
  onCalendar,
  pending,
}: {
  meetup: BookingMeetup;
  onCalendar: () => void;
  pending: boolean;
}) {
  return (
    <div className={note}>
      <p>
        Meet at <strong>{meetup.place}</strong>
        {meetup.address ? `, ${meetup.address}` : ''}
        {meetup.at ? (
          <>
            {' '}
            on <time dateTime={meetup.at}>{dhakaTime(meetup.at)}</time> (Dhaka time)
          </>
        ) : null}
        .
      </p>
      {meetup.at ? (
        <Button variant="secondary" size="sm" isPending={pending} onPress={onCalendar}>
          Add to calendar (.ics)
        </Button>
      ) : null}
    </div>
  );
}
