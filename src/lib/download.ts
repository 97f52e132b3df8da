/**
 * Offers an object URL (URL.createObjectURL) as a file download, the way a browser saves a link
 * with `download`, and revokes it on the next task: Chromium starts the download asynchronously
 * from the click, and holds its own reference to the file after it.
 */
export function downloadObjectUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
