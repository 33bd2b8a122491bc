import { useMutation } from '@tanstack/react-query';
import { useApiConnection } from '../../../lib/api';
import { uploadImage } from '../../../lib/upload';

export { uploadImage, type ImageUploaded } from '../../../lib/upload';

export function useUploadImage(onProgress: (fraction: number) => void) {
  const connection = useApiConnection();
  return useMutation({ mutationFn: (image: File) => uploadImage(connection, image, onProgress) });
}
