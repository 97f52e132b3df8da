import { downloadObjectUrl } from '../download';

/** Offers `data` as a JSON file download. */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  downloadObjectUrl(URL.createObjectURL(blob), fileName);
}
