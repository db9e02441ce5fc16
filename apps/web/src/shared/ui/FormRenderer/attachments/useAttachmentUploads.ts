import type { AttachmentList } from '@der/contracts';
import { useCallback, useState } from 'react';
import type { FormAttachmentServices } from './attachmentTypes.ts';

/** One file being sent: its name and the fraction sent so far. */
export interface UploadProgress {
  name: string;
  fraction: number;
}

/**
 * Sends chosen files one after the other (each with its progress), then attaches them in one call, so the
 * server's cap applies to the whole choice. `replaceOf` sends one file as a new version of an attachment.
 */
export function useAttachmentUploads(
  services: FormAttachmentServices,
  widgetKey: string,
  onListed: (list: AttachmentList) => void,
) {
  const [progress, setProgress] = useState<UploadProgress[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async (files: File[], finish: (fileIds: number[]) => Promise<void>) => {
      setError(null);
      setBusy(true);
      setProgress(files.map((file) => ({ name: file.name, fraction: 0 })));
      try {
        const fileIds: number[] = [];
        for (const [index, file] of files.entries()) {
          const stored = await services.upload(file, (fraction) =>
            setProgress((current) =>
              current.map((entry, position) => (position === index ? { ...entry, fraction } : entry)),
            ),
          );
          fileIds.push(stored.fileId);
        }
        await finish(fileIds);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      } finally {
        setBusy(false);
        setProgress([]);
      }
    },
    [services],
  );

  const uploadAll = useCallback(
    (files: File[]) =>
      run(files, async (fileIds) => {
        onListed(await services.add(widgetKey, fileIds));
      }),
    [run, services, widgetKey, onListed],
  );

  const replaceOf = useCallback(
    (attachmentId: number, file: File, done: () => void) =>
      run([file], async ([fileId]) => {
        await services.replace(attachmentId, fileId!);
        done();
      }),
    [run, services],
  );

  return { progress, error, setError, busy, uploadAll, replaceOf };
}
