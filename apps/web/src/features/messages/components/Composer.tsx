import { MESSAGE_PICTURES_MAX, MESSAGE_TEXT_MAX } from '@recell/api';
import { Button } from '@recell/ui/Button';
import { TextField } from '@recell/ui/TextField';
import { useRef, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import { useApiConnection } from '../../../lib/api';
import { errorMessage, useToast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/upload';
import * as styles from './Messages.css';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

export interface ComposerSend {
  text?: string;
  pictures?: string[];
}

/**
 * The message box: text up to 2,000 characters and up to 4 pictures, uploaded at once through the site's picture
 * upload (re-encoded, EXIF and GPS stripped). Enter is a new line (a message often has several); Send is the
 * button, and Ctrl+Enter or Cmd+Enter sends from the keyboard. After sending, focus stays in the box.
 */
export function Composer({
  label = 'Your message',
  sendLabel = 'Send',
  onSend,
  pending,
}: {
  label?: string;
  sendLabel?: string;
  onSend: (content: ComposerSend) => Promise<unknown>;
  pending: boolean;
}) {
  const connection = useApiConnection();
  const toast = useToast();
  const [text, setText] = useState('');
  const [pictures, setPictures] = useState<string[]>([]);
  const [uploading, setUploading] = useState(0);
  const [progress, setProgress] = useState(0);
  const box = useRef<HTMLFormElement>(null);
  const trimmed = text.trim();
  const canSend = (trimmed !== '' || pictures.length > 0) && uploading === 0 && !pending;

  async function addPictures(files: FileList | null) {
    const chosen = Array.from(files ?? []).slice(0, MESSAGE_PICTURES_MAX - pictures.length - uploading);
    if (chosen.length === 0) return;
    setUploading((count) => count + chosen.length);
    for (const file of chosen) {
      try {
        const uploaded = await uploadImage(connection, file, setProgress);
        setPictures((current) => [...current, uploaded.data.url]);
      } catch (error) {
        toast.error(errorMessage(error));
      } finally {
        setUploading((count) => count - 1);
        setProgress(0);
      }
    }
  }

  async function send() {
    if (!canSend) return;
    await onSend({ ...(trimmed ? { text: trimmed } : {}), ...(pictures.length ? { pictures } : {}) }).then(
      () => {
        setText('');
        setPictures([]);
        box.current?.querySelector('textarea')?.focus();
      },
      (error: unknown) => toast.error(errorMessage(error)),
    );
  }

  const room = MESSAGE_PICTURES_MAX - pictures.length - uploading;
  return (
    <form
      ref={box}
      className={styles.composer}
      aria-label="Write a message"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <TextField
        label={label}
        multiline
        maxLength={MESSAGE_TEXT_MAX}
        value={text}
        onChange={setText}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
        }}
        description={`${text.length} / ${MESSAGE_TEXT_MAX.toLocaleString('en')} characters. Enter starts a new line; Ctrl+Enter sends.`}
      />
      {pictures.length > 0 || uploading > 0 ? (
        <ul className={styles.pictures} aria-label="Pictures to send">
          {pictures.map((url, index) => (
            <li key={url} className={styles.row}>
              <img src={url} alt={`Attachment ${index + 1}`} className={styles.picture} />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove picture ${index + 1}`}
                onPress={() => setPictures((current) => current.filter((other) => other !== url))}
              >
                Remove
              </Button>
            </li>
          ))}
          {uploading > 0 ? (
            <li className={styles.muted}>
              <span role="status">
                Uploading {uploading === 1 ? 'a picture' : `${uploading} pictures`}…{' '}
                {Math.round(progress * 100)} %
              </span>
            </li>
          ) : null}
        </ul>
      ) : null}
      <div className={styles.row}>
        <Button type="submit" isDisabled={!canSend} isPending={pending}>
          {sendLabel}
        </Button>
        <FileTrigger
          acceptedFileTypes={ACCEPTED}
          allowsMultiple
          onSelect={(files) => void addPictures(files)}
        >
          <Button variant="secondary" isDisabled={room <= 0}>
            Add pictures ({pictures.length + uploading}/{MESSAGE_PICTURES_MAX})
          </Button>
        </FileTrigger>
      </div>
    </form>
  );
}
