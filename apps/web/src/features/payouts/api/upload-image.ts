import { useMutation } from '@tanstack/react-query';
import { useApiConnection } from '../../../lib/api';
import { uploadImage } from '../../../lib/upload';

export { uploadImage, type ImageUploaded } from '../../../lib/upload';

/** A claim's picture (buyers upload them too), one at a time. */
export function useUploadImage() {
  const connection = useApiConnection();
  return useMutation({ mutationFn: (image: File) => uploadImage(connection, image, () => undefined) });
}
