import type { Attachment, FileIndexDefinition } from '@der/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Chip,
  IconButton,
  ListItem,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Stack,
  Tooltip,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttachmentAction, AttachmentActionContext } from './attachmentTypes.ts';
import { fileIndexSummary } from './fileIndexSummary.ts';
import { formatFileSize } from './formatFileSize.ts';
import { isPreviewable } from './saveBlob.ts';

/** What the row's menu offers besides the extension actions. */
export type AttachmentRowCommand = 'view' | 'download' | 'replace' | 'versions' | 'indexes' | 'delete';

/**
 * One attached file: name, size, version and signature marks, its file index values, download and view
 * buttons, and a menu (replace, versions, file indexes, delete, then the extension actions).
 */
export function AttachmentRow({
  attachment,
  indexes,
  context,
  actions,
  onCommand,
  onAction,
}: {
  attachment: Attachment;
  indexes: readonly FileIndexDefinition[];
  context: AttachmentActionContext;
  actions: readonly AttachmentAction[];
  onCommand: (command: AttachmentRowCommand) => void;
  onAction: (action: AttachmentAction) => void;
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const name = attachment.name;
  const available = actions.filter((action) => action.isAvailable?.(context) ?? true);
  const choose = (run: () => void) => () => {
    setAnchor(null);
    run();
  };
  const summary = fileIndexSummary(indexes, attachment.fileIndexes, i18n.language);
  return (
    <ListItem
      divider
      secondaryAction={
        <Stack direction="row" spacing={0.5}>
          {isPreviewable(attachment.mediaType) && (
            <Tooltip title={t('attachments.view', { name })}>
              <IconButton aria-label={t('attachments.view', { name })} onClick={() => onCommand('view')}>
                <VisibilityIcon />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('attachments.download', { name })}>
            <IconButton
              aria-label={t('attachments.download', { name })}
              onClick={() => onCommand('download')}
            >
              <DownloadIcon />
            </IconButton>
          </Tooltip>
          <IconButton
            aria-label={t('attachments.more', { name })}
            aria-haspopup="menu"
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <MoreVertIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            <MenuItem onClick={choose(() => onCommand('versions'))}>{t('attachments.versions')}</MenuItem>
            {indexes.length > 0 && (
              <MenuItem onClick={choose(() => onCommand('indexes'))}>{t('attachments.indexes')}</MenuItem>
            )}
            {context.canEdit && (
              <MenuItem onClick={choose(() => onCommand('replace'))}>{t('attachments.replace')}</MenuItem>
            )}
            {available.map((action) => (
              <MenuItem key={action.key} onClick={choose(() => onAction(action))}>
                {action.icon && <ListItemIcon>{action.icon}</ListItemIcon>}
                {action.label}
              </MenuItem>
            ))}
            {context.canEdit && (
              <MenuItem onClick={choose(() => onCommand('delete'))} sx={{ color: 'error.main' }}>
                {t('attachments.delete')}
              </MenuItem>
            )}
          </Menu>
        </Stack>
      }
      sx={{ pr: 18 }}
    >
      <ListItemIcon>
        <InsertDriveFileOutlinedIcon aria-hidden />
      </ListItemIcon>
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <span>{name}</span>
            <Chip size="small" label={t('attachments.version', { version: attachment.version })} />
            {attachment.stamped && <Chip size="small" color="info" label={t('attachments.stamped')} />}
            {context.awaitingMySignature && (
              <Chip size="small" color="warning" label={t('attachments.awaitingMySignature')} />
            )}
            {attachment.signatureCount > 0 && (
              <Chip
                size="small"
                color="success"
                label={t('attachments.signatures', { count: attachment.signatureCount })}
              />
            )}
          </Stack>
        }
        secondary={[
          formatFileSize(attachment.size, i18n.language),
          t('attachments.addedBy', {
            name: attachment.addedBy ?? '—',
            date: new Date(attachment.addedAt).toLocaleString(i18n.language),
          }),
          ...summary,
        ].join(' · ')}
      />
    </ListItem>
  );
}
