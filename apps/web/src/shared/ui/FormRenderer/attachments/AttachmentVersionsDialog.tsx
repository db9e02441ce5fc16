import type { Attachment } from '@der/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormAttachmentServices } from './attachmentTypes.ts';
import { formatFileSize } from './formatFileSize.ts';
import { saveBlobAs } from './saveBlob.ts';
import { useAttachmentVersions } from './useAttachmentVersions.ts';

/** Every version of an attachment, newest first, each downloadable ('Versões'). */
export function AttachmentVersionsDialog({
  attachment,
  services,
  onClose,
}: {
  attachment: Attachment;
  services: FormAttachmentServices;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const versions = useAttachmentVersions(services, attachment);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('attachments.versionsTitle', { name: attachment.name })}</DialogTitle>
      <DialogContent>
        {versions.isError && <Alert severity="error">{(versions.error as Error).message}</Alert>}
        {versions.isPending && <Typography color="text.secondary">{t('form.loading')}</Typography>}
        {versions.data && (
          <List dense aria-labelledby={titleId}>
            {versions.data.map((version) => (
              <ListItem
                key={version.version}
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('attachments.download', {
                      name: `${version.name} (${t('attachments.versionLong', { version: version.version })})`,
                    })}
                    onClick={async () =>
                      saveBlobAs(
                        await services.download(attachment.attachmentId, version.version),
                        version.name,
                      )
                    }
                  >
                    <DownloadIcon />
                  </IconButton>
                }
              >
                <ListItemText
                  primary={`${t('attachments.versionLong', { version: version.version })} — ${version.name}`}
                  secondary={`${t(`attachments.kind.${version.kind}`)} · ${formatFileSize(version.size, i18n.language)} · ${t(
                    'attachments.addedBy',
                    {
                      name: version.createdBy ?? '—',
                      date: new Date(version.createdAt).toLocaleString(i18n.language),
                    },
                  )}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('attachments.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
