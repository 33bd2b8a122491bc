import {
  AREAS,
  areaOf,
  hoursRefusal,
  hoursText,
  MEETUP_SPOT_KINDS,
  WEEKDAY_NAMES,
  WEEKDAYS,
  type MeetupSpot,
  type MeetupSpotKind,
  type NewMeetupSpot,
  type OpeningHours,
} from '@recell/api';
import { Button } from '@recell/ui/Button';
import { Checkbox } from '@recell/ui/Checkbox';
import { Select } from '@recell/ui/Select';
import { useState, type FormEvent } from 'react';
import { Confirm } from '../../../components/Confirm';
import { DataTable, type Column } from '../../../components/DataTable';
import { FormTextField } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { usePageParam } from '../../../components/Pager';
import { ListSection } from '../../../components/QueryState';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useCreateMeetupSpot } from '../api/create-meetup-spot';
import { useDeleteMeetupSpot } from '../api/delete-meetup-spot';
import { useMeetupSpots } from '../api/list-meetup-spots';
import { useUpdateMeetupSpot } from '../api/update-meetup-spot';
import * as styles from './admin.css';

/** "10:00-20:00" (or with an en dash), "24h", or empty for closed. */
const HOURS = /^\s*(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})\s*$/;

/** A spot's week in words: "Mon 10:00–20:00, Tue closed, …". */
export const weekText = (hours: OpeningHours) =>
  WEEKDAYS.map((day) => {
    const times = hours[day];
    return `${WEEKDAY_NAMES[day].slice(0, 3)} ${times ? hoursText(times) : 'closed'}`;
  }).join(', ');

type Draft = Partial<Record<string, string>>;

/** The form's fields as a spot, or what is wrong with each. */
function readSpot(form: FormData, cctv: boolean): { spot?: NewMeetupSpot; errors: Draft } {
  const errors: Draft = {};
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const name = text('name');
  const address = text('address');
  if (name.length < 2) errors.name = 'Name the spot';
  if (address.length < 2) errors.address = 'Give its address';
  const lat = Number(text('lat'));
  const lng = Number(text('lng'));
  if (!text('lat') || !Number.isFinite(lat) || lat < -90 || lat > 90)
    errors.lat = 'A latitude from -90 to 90';
  if (!text('lng') || !Number.isFinite(lng) || lng < -180 || lng > 180)
    errors.lng = 'A longitude from -180 to 180';
  const hours: OpeningHours = {};
  for (const day of WEEKDAYS) {
    const value = text(`hours-${day}`);
    if (!value || /^closed$/i.test(value)) continue;
    if (/^24\s*h/i.test(value)) {
      hours[day] = { opens: '00:00', closes: '24:00' };
      continue;
    }
    const match = HOURS.exec(value);
    if (!match) {
      errors[`hours-${day}`] = 'Like 10:00-20:00, 24h, or empty when closed';
      continue;
    }
    hours[day] = { opens: match[1]!, closes: match[2]! };
  }
  const refusal = Object.keys(errors).some((key) => key.startsWith('hours-')) ? null : hoursRefusal(hours);
  if (refusal) errors.hours = refusal;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    spot: {
      name,
      address,
      area: (text('area') || 'gulshan') as NewMeetupSpot['area'],
      lat,
      lng,
      hours,
      kind: (text('kind') || 'police_station') as MeetupSpotKind,
      cctv,
    },
    errors,
  };
}

const clock = (times: OpeningHours[keyof OpeningHours]) =>
  times
    ? times.opens === '00:00' && times.closes === '24:00'
      ? '24h'
      : `${times.opens}-${times.closes}`
    : '';

/** Add or change a spot: its place, its week (one line a day), and whether cameras watch it. */
export function SpotForm({ spot, onClose }: { spot?: MeetupSpot; onClose: () => void }) {
  const create = useCreateMeetupSpot();
  const update = useUpdateMeetupSpot();
  const toast = useToast();
  const [errors, setErrors] = useState<Draft>({});
  const [cctv, setCctv] = useState(spot?.cctv ?? true);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readSpot(new FormData(event.currentTarget), cctv);
    setErrors(read.errors);
    if (!read.spot) return;
    try {
      if (spot) await update.mutateAsync({ id: spot._id, spot: read.spot });
      else await create.mutateAsync(read.spot);
      toast.success(spot ? 'Meetup spot saved' : 'Meetup spot added');
      onClose();
    } catch (failure) {
      toast.error(errorMessage(failure));
    }
  };
  return (
    <ModalDialog title={spot ? `Change ${spot.name}` : 'Add a meetup spot'} onClose={onClose}>
      <form className={formStack} onSubmit={submit} noValidate aria-label="Meetup spot">
        <FormTextField label="Name" name="name" defaultValue={spot?.name} error={errors.name} />
        <FormTextField label="Address" name="address" defaultValue={spot?.address} error={errors.address} />
        <Select
          label="Area"
          name="area"
          options={AREAS.map((area) => ({ id: area.id, label: area.name }))}
          defaultSelectedKey={spot?.area ?? 'gulshan'}
        />
        <Select
          label="Kind"
          name="kind"
          options={Object.entries(MEETUP_SPOT_KINDS).map(([id, label]) => ({ id, label }))}
          defaultSelectedKey={spot?.kind ?? 'police_station'}
        />
        <FormTextField
          label="Latitude"
          name="lat"
          inputMode="decimal"
          defaultValue={spot ? String(spot.lat) : ''}
          error={errors.lat}
        />
        <FormTextField
          label="Longitude"
          name="lng"
          inputMode="decimal"
          defaultValue={spot ? String(spot.lng) : ''}
          error={errors.lng}
        />
        <fieldset className={formStack}>
          <legend>Opening hours (Dhaka time): 10:00-20:00, 24h, or empty when closed</legend>
          {WEEKDAYS.map((day) => (
            <FormTextField
              key={day}
              label={WEEKDAY_NAMES[day]}
              name={`hours-${day}`}
              defaultValue={clock(spot?.hours[day])}
              error={errors[`hours-${day}`]}
            />
          ))}
          {errors.hours ? (
            <p role="alert" className={styles.muted}>
              {errors.hours}
            </p>
          ) : null}
        </fieldset>
        <Checkbox isSelected={cctv} onChange={setCctv}>
          Cameras (CCTV) watch the place
        </Checkbox>
        <Button type="submit" isPending={create.isPending || update.isPending}>
          {spot ? 'Save the spot' : 'Add the spot'}
        </Button>
      </form>
    </ModalDialog>
  );
}

function ConfirmRemove({ spot, onClose }: { spot: MeetupSpot; onClose: () => void }) {
  const remove = useDeleteMeetupSpot();
  const toast = useToast();
  return (
    <Confirm
      title={`Remove ${spot.name}?`}
      action="Remove"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(spot._id, {
          onSuccess: () => {
            toast.success('Meetup spot removed');
            onClose();
          },
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      <p>It is suggested no more. Bookings made with it keep its name and address.</p>
    </Confirm>
  );
}

/** /dashboard/meetupSpots (admins): the places buyers and sellers are offered to meet, by area. */
export function MeetupSpotsPage() {
  const paging = usePageParam();
  const [editing, setEditing] = useState<MeetupSpot | 'new' | null>(null);
  const [removing, setRemoving] = useState<MeetupSpot | null>(null);
  const columns: Column<MeetupSpot>[] = [
    {
      header: 'Spot',
      cell: (spot) => (
        <div className={styles.target}>
          <span>{spot.name}</span>
          <span className={styles.targetId}>{spot.address}</span>
        </div>
      ),
    },
    { header: 'Area', cell: (spot) => areaOf(spot.area)?.name ?? spot.area },
    { header: 'Kind', cell: (spot) => MEETUP_SPOT_KINDS[spot.kind] },
    { header: 'CCTV', cell: (spot) => (spot.cctv ? 'Yes' : 'No') },
    { header: 'Hours', cell: (spot) => weekText(spot.hours) },
    {
      header: 'Actions',
      cell: (spot) => (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => setEditing(spot)} aria-label={`Change ${spot.name}`}>
            Change
          </Button>
          <Button variant="secondary" onPress={() => setRemoving(spot)} aria-label={`Remove ${spot.name}`}>
            Remove
          </Button>
        </div>
      ),
    },
  ];
  return (
    <>
      <div className={styles.lookup}>
        <Button onPress={() => setEditing('new')}>Add a meetup spot</Button>
      </div>
      <ListSection
        title="Meetup spots"
        query={useMeetupSpots(paging.page)}
        paging={paging}
        skeleton="rows"
        label="the meetup spots"
        empty="No meetup spots yet: add police stations, malls and repair shops where buyers and sellers can meet."
      >
        {({ items }) => <DataTable label="Meetup spots table" rows={items} columns={columns} />}
      </ListSection>
      {editing ? (
        <SpotForm {...(editing === 'new' ? {} : { spot: editing })} onClose={() => setEditing(null)} />
      ) : null}
      {removing ? <ConfirmRemove spot={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}
