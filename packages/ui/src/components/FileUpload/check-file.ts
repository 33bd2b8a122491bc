export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

export interface FileRules {
  accept?: readonly string[];
  maxBytes?: number;
}

/** The same rules the server applies to POST /images, checked before uploading: null when the file is fine. */
export function checkFile(
  file: Pick<File, 'type' | 'size'>,
  { accept = PICTURE_TYPES, maxBytes = MAX_PICTURE_BYTES }: FileRules = {},
): string | null {
  if (!accept.includes(file.type)) return 'Choose a JPEG, PNG or WebP picture';
  if (file.size > maxBytes) return `The picture must be ${formatBytes(maxBytes)} or smaller`;
  return null;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
