import type { components } from '@recell/api';
import { useMutation } from '@tanstack/react-query';
import { useApiConnection, type ApiConnection } from '../../../lib/api';
import { uploadWithProgress } from '../../../lib/upload';

export type ImageUploaded = components['schemas']['ImageUploaded'];

/** POST /images (multipart, field `image`), reporting progress from 0 to 1. */
export function uploadImage(connection: ApiConnection, image: File, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append('image', image);
  return uploadWithProgress<ImageUploaded>(connection, '/images', body, onProgress);
}

export function useUploadImage(onProgress: (fraction: number) => void) {
  const connection = useApiConnection();
  return useMutation({ mutationFn: (image: File) => uploadImage(connection, image, onProgress) });
}
