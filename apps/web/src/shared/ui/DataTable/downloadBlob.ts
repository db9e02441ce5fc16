/** Saves a Blob under a file name through a temporary link (the browser's download, no new tab). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name safe on every system, from a list title ('Minhas tarefas' → 'Minhas tarefas.csv'). */
export function safeFileName(title: string, extension: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'lista';
  return `${base}.${extension}`;
}
