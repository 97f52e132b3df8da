/** Offers `data` as a JSON file download, the way a browser saves a link with `download`. */
export function downloadJson(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next task: Chromium starts the download asynchronously from the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
