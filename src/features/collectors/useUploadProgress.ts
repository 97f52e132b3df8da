import { useSyncExternalStore } from 'react';
import { subscribeUploadProgress, uploadProgressOf, type UploadProgress } from '../../api/transport/xhrFetch';

/** The progress of the upload running to `url`, or null when none runs. */
export function useUploadProgress(url: string): UploadProgress | null {
  return useSyncExternalStore(
    subscribeUploadProgress,
    () => uploadProgressOf(url),
    () => null,
  );
}
