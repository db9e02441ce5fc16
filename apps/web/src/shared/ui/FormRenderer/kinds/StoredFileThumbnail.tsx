import { Box, Skeleton, type Theme } from '@mui/material';
import { useEffect, useState } from 'react';
import type { FormRendererServices } from '../formRendererTypes.ts';

// Theme spacing units (8 px each): 160 × 120 px, a 4:3 photo of a document or vehicle.
const THUMBNAIL_WIDTH = (theme: Theme) => theme.spacing(20);
const THUMBNAIL_HEIGHT = (theme: Theme) => theme.spacing(15);

/**
 * A stored image as a thumbnail. An <img src> cannot send the session's Bearer header, so the image is
 * fetched through the typed client and shown from an object URL (released when it leaves the page).
 */
export function StoredFileThumbnail({
  fileId,
  name,
  downloadFile,
}: {
  fileId: number;
  name: string;
  downloadFile: NonNullable<FormRendererServices['downloadFile']>;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    downloadFile(fileId, { inline: true }).then(
      (blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId, downloadFile]);
  if (failed) return null;
  if (!url)
    return <Skeleton variant="rectangular" sx={{ width: THUMBNAIL_WIDTH, height: THUMBNAIL_HEIGHT }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={name}
      sx={{
        display: 'block',
        maxWidth: THUMBNAIL_WIDTH,
        maxHeight: THUMBNAIL_HEIGHT,
        borderRadius: 1,
        objectFit: 'contain',
      }}
    />
  );
}
