/** Saves bytes or text made in this page as a download named `name` (nothing is sent anywhere). */
export function saveFile(name: string, content: Uint8Array | string, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([content as BlobPart], { type }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  // revoked a moment later: some browsers start the download after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
