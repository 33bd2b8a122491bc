import {
  CLAIM_RULES,
  claimKindWords,
  claimWindowWords,
  webLinks,
  type Booking,
  type ClaimKind,
} from '@recell/api';
import { Button } from '@recell/ui/Button';
import { FileUpload } from '@recell/ui/FileUpload';
import { Link } from '@recell/ui/Link';
import { RadioGroup } from '@recell/ui/RadioGroup';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/FormAlert';
import { FormTextArea } from '../../../components/FormField';
import { ModalDialog } from '../../../components/ModalDialog';
import { formStack } from '../../../components/styles.css';
import { errorMessage, useToast } from '../../../lib/toast';
import { useOpenClaim } from '../api/open-claim';
import { useUploadImage } from '../api/upload-image';
import * as styles from './Payouts.css';
import { claimStateWord, when } from './payout-words';

const kinds = (Object.keys(claimKindWords) as ClaimKind[]).map((kind) => ({
  value: kind,
  label: claimKindWords[kind],
}));

type Problems = Partial<Record<'kind' | 'text', string>>;

/**
 * The buyer reports a hidden failure of a completed deal inside its window: the kind, what happened, up to
 * CLAIM_RULES.maxPictures pictures (each uploaded as it is picked). The protection (the window, the seller's
 * money waiting) is said here, where the buyer decides.
 */
export function ClaimDialog({
  booking,
  until,
  onClose,
}: {
  booking: Booking;
  until: string;
  onClose: () => void;
}) {
  const open = useOpenClaim(booking._id);
  const upload = useUploadImage();
  const toast = useToast();
  const [kind, setKind] = useState<ClaimKind | null>(null);
  const [pictures, setPictures] = useState<string[]>([]);
  // a new picker after each upload: the one before shows nothing picked
  const [picker, setPicker] = useState(0);
  const [problems, setProblems] = useState<Problems>({});
  const [failure, setFailure] = useState<string | null>(null);

  const add = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ data }) => {
        setPictures((before) => [...before, data.url].slice(0, CLAIM_RULES.maxPictures));
        setPicker((n) => n + 1);
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim();
    const found: Problems = {};
    if (!kind) found.kind = 'Choose what went wrong';
    if (text.length < 10) found.text = 'Say what happened in a sentence (10 characters or more)';
    setProblems(found);
    setFailure(null);
    if (!kind || Object.keys(found).length > 0) return;
    open.mutate(
      { kind, text, ...(pictures.length > 0 ? { pictures } : {}) },
      {
        onSuccess: () => {
          toast.success('Problem reported: the seller’s money waits until ReCell decides');
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  }

  return (
    <ModalDialog title={`Report a hidden problem with ${booking.MobileName}`} onClose={onClose}>
      <form className={formStack} onSubmit={onSubmit} noValidate>
        <p className={styles.note}>{claimWindowWords(when(until))}</p>
        <RadioGroup
          label="What went wrong"
          options={kinds}
          value={kind}
          onChange={(value) => {
            setKind(value as ClaimKind);
            setProblems((before) => ({ ...before, kind: undefined }));
          }}
          isInvalid={Boolean(problems.kind)}
          errorMessage={problems.kind}
        />
        <FormTextArea label="What happened" name="text" error={problems.text} />
        {pictures.length > 0 ? (
          <ul className={styles.pictures} aria-label="Pictures added">
            {pictures.map((url, index) => (
              <li key={url} className={styles.state}>
                <img src={url} alt={`Your upload ${index + 1}`} className={styles.picture} />
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Remove picture ${index + 1}`}
                  onPress={() => setPictures((before) => before.filter((candidate) => candidate !== url))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {pictures.length < CLAIM_RULES.maxPictures ? (
          <FileUpload
            key={picker}
            label={`Pictures (optional, up to ${CLAIM_RULES.maxPictures})`}
            onFileChange={add}
            isDisabled={upload.isPending}
          />
        ) : (
          <p className={styles.note}>{CLAIM_RULES.maxPictures} pictures added: remove one to add another.</p>
        )}
        <FormAlert message={failure} />
        <Button type="submit" isPending={open.isPending} isDisabled={upload.isPending}>
          Send the report
        </Button>
      </form>
    </ModalDialog>
  );
}

/**
 * A completed booking's claim line in My Orders: while the window is open, Report a hidden problem (until when);
 * once a claim exists, its state, linking to it.
 */
export function BookingClaim({ booking }: { booking: Booking }) {
  const [reporting, setReporting] = useState(false);
  if (booking.claim)
    return (
      <div className={styles.state}>
        <p className={styles.note}>{claimStateWord[booking.claim.status]}</p>
        <Link href={webLinks.claim(booking.claim._id)} aria-label={`See the claim on ${booking.MobileName}`}>
          See the claim
        </Link>
      </div>
    );
  if (!booking.claimUntil) return null;
  return (
    <div className={styles.state}>
      <Button
        size="sm"
        variant="secondary"
        aria-label={`Report a hidden problem with ${booking.MobileName}`}
        onPress={() => setReporting(true)}
      >
        Report a hidden problem
      </Button>
      <p className={styles.note}>Until {when(booking.claimUntil)}</p>
      {reporting ? (
        <ClaimDialog booking={booking} until={booking.claimUntil} onClose={() => setReporting(false)} />
      ) : null}
    </div>
  );
}
