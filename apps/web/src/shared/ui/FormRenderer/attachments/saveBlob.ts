/** Saves a downloaded file under its name (an object URL clicked through a temporary link). */
export function saveBlobAs(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether the product's viewer shows this type (PDFs in the PDF viewer, images as they are). */
export function isPreviewable(mediaType: string): boolean {
  return mediaType === 'application/pdf' || mediaType.startsWith('image/');
}
