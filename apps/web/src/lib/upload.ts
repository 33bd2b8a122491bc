// Uploads a form with progress. fetch() cannot report upload progress, so this one call uses XMLHttpRequest;
// failures become the same ApiError the typed client throws.
import { ApiError, type components, type ErrorBody } from '@recell/api';
import type { ApiConnection } from './api';

export function uploadWithProgress<T>(
  connection: ApiConnection,
  path: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${connection.baseUrl}${path}`);
    const token = connection.getToken();
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(request.responseText);
      } catch {
        // not JSON: the status decides
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(parsed as T);
      } else {
        const message =
          parsed && typeof (parsed as ErrorBody).message === 'string'
            ? (parsed as ErrorBody)
            : { message: request.statusText || `Upload failed with status ${request.status}` };
        reject(new ApiError(request.status, message));
      }
    });
    request.addEventListener('error', () => reject(new Error('The upload failed: check your connection.')));
    request.send(body);
  });
}

export type ImageUploaded = components['schemas']['ImageUploaded'];

/** POST /images (multipart, field `image`), reporting progress from 0 to 1: a listing's and a message's pictures. */
export function uploadImage(connection: ApiConnection, image: File, onProgress: (fraction: number) => void) {
  const body = new FormData();
  body.append('image', image);
  return uploadWithProgress<ImageUploaded>(connection, '/images', body, onProgress);
}
