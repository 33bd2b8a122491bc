import { ImageUp } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { DropZone, FileTrigger, ProgressBar, Text, type DropItem } from 'react-aria-components';
import { Button } from '../Button/Button';
import { fieldStyles } from '../Field/Field';
import { checkFile, formatBytes, MAX_PICTURE_BYTES, PICTURE_TYPES } from './check-file';
import * as styles from './FileUpload.css';

export interface FileUploadProps {
  label: string;
  /** Called with a file that passed the type and size checks (or null when it is cleared). */
  onFileChange?: (file: File | null) => void;
  accept?: readonly string[];
  maxBytes?: number;
  /** 0–100 while uploading; the bar is shown when set. */
  progress?: number;
  /** An error from the server (413, 415...), shown like a local check's error. */
  errorMessage?: string | null;
  /** The picture already stored (editing a listing). */
  currentUrl?: string;
  isDisabled?: boolean;
}

function isFileItem(item: DropItem): item is Extract<DropItem, { kind: 'file' }> {
  return item.kind === 'file';
}

/** Pick or drop one picture: it is checked before upload, previewed, and its upload progress shown. */
export function FileUpload({
  label,
  onFileChange,
  accept = PICTURE_TYPES,
  maxBytes = MAX_PICTURE_BYTES,
  progress,
  errorMessage,
  currentUrl,
  isDisabled = false,
}: FileUploadProps) {
  const [picked, setPicked] = useState<{ file: File; url: string } | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const file = picked?.file ?? null;
  const labelId = useId();
  const buttonId = useId();
  const hintId = useId();
  const errorId = useId();
  const error = localError ?? errorMessage ?? null;

  // the preview's object URL is freed when another file replaces it, or when the field goes away
  useEffect(
    () => () => {
      if (picked) URL.revokeObjectURL(picked.url);
    },
    [picked],
  );

  const choose = (candidate: File | undefined) => {
    if (!candidate) return;
    const problem = checkFile(candidate, { accept, maxBytes });
    setLocalError(problem);
    setPicked(problem ? null : { file: candidate, url: URL.createObjectURL(candidate) });
    onFileChange?.(problem ? null : candidate);
  };

  const shown = picked?.url ?? currentUrl;
  return (
    <div className={styles.root}>
      <span id={labelId} className={fieldStyles.label}>
        {label}
      </span>
      <DropZone
        className={[styles.dropZone, error && styles.invalid].filter(Boolean).join(' ')}
        isDisabled={isDisabled}
        getDropOperation={(types) => (accept.some((type) => types.has(type)) ? 'copy' : 'cancel')}
        onDrop={async (event) => {
          const item = event.items.find(isFileItem);
          if (item) choose(await item.getFile());
        }}
      >
        {shown ? (
          <img
            className={styles.preview}
            src={shown}
            alt={file ? `Preview of ${file.name}` : 'Current picture'}
          />
        ) : (
          <ImageUp aria-hidden size={32} />
        )}
        <FileTrigger acceptedFileTypes={[...accept]} onSelect={(files) => choose(files?.[0] ?? undefined)}>
          <Button
            variant="secondary"
            isDisabled={isDisabled}
            id={buttonId}
            aria-labelledby={`${buttonId} ${labelId}`}
            aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          >
            {file || currentUrl ? 'Choose another picture' : 'Choose a picture'}
          </Button>
        </FileTrigger>
        <Text slot="description" id={hintId} className={styles.hint}>
          {file
            ? `${file.name}, ${formatBytes(file.size)}`
            : `Or drop it here. JPEG, PNG or WebP, up to ${formatBytes(maxBytes)}.`}
        </Text>
      </DropZone>
      {error && (
        <div role="alert" id={errorId} className={fieldStyles.error}>
          {error}
        </div>
      )}
      {progress !== undefined && (
        <ProgressBar value={progress} className={styles.progress} aria-label="Uploading picture">
          {({ percentage, valueText }) => (
            <>
              <span>Uploading… {valueText}</span>
              <div className={styles.progressTrack}>
                <div className={styles.progressFill} style={{ width: `${percentage}%` }} />
              </div>
            </>
          )}
        </ProgressBar>
      )}
    </div>
  );
}
