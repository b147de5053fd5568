/**
 * Hand a file to the browser's download machinery: an object URL on a temporary `<a download>`.
 * The URL is released on the next tick, once the click has started the download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export const saveText = (text: string, fileName: string): void =>
  saveBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), fileName);
