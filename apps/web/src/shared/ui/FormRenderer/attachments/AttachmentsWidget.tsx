import type { Attachment } from '@der/contracts';
import { Alert, List, Stack, Typography } from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { KindProps } from '../kinds/kindProps.ts';
import { WidgetFrame } from '../kinds/WidgetFrame.tsx';
import { AttachmentDropzone } from './AttachmentDropzone.tsx';
import { AttachmentPreviewDialog } from './AttachmentPreviewDialog.tsx';
import { AttachmentRow, type AttachmentRowCommand } from './AttachmentRow.tsx';
import { AttachmentVersionsDialog } from './AttachmentVersionsDialog.tsx';
import type { AttachmentAction, AttachmentActionContext, FormAttachmentServices } from './attachmentTypes.ts';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { FileIndexesDialog } from './FileIndexesDialog.tsx';
import { saveBlobAs } from './saveBlob.ts';
import { useAttachmentList } from './useAttachmentList.ts';
import { useAttachmentUploads } from './useAttachmentUploads.ts';

type Open =
  | { kind: 'view' | 'versions' | 'indexes' | 'delete'; attachment: Attachment }
  | { kind: 'action'; attachment: Attachment; action: AttachmentAction };

const NO_ACTIONS: readonly AttachmentAction[] = [];

function AttachmentsOfItem({
  itemId,
  widgetKey,
  readOnly,
  services,
  actions,
  titleId,
}: {
  itemId: number;
  widgetKey: string;
  readOnly: boolean;
  services: FormAttachmentServices;
  actions: readonly AttachmentAction[];
  titleId: string;
}) {
  const { t } = useTranslation();
  const { list, indexes, setList, refresh } = useAttachmentList(services, itemId, widgetKey);
  const uploads = useAttachmentUploads(services, widgetKey, setList);
  const [open, setOpen] = useState<Open | null>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const replacing = useRef<Attachment | null>(null);

  if (list.isError) return <Alert severity="error">{t('attachments.loadFailed')}</Alert>;
  if (!list.data) return <Typography color="text.secondary">{t('form.loading')}</Typography>;
  const { attachments, maxFiles } = list.data;
  const canEdit = list.data.canEdit && !readOnly;
  const configs = indexes.data ?? [];
  const contextOf = (attachment: Attachment): AttachmentActionContext => ({
    attachment,
    itemId,
    widgetKey,
    canEdit,
    awaitingMySignature: list.data.awaitingMySignature.includes(attachment.attachmentId),
    refresh,
  });

  const onFiles = (files: File[]) => {
    if (attachments.length + files.length > maxFiles) {
      uploads.setError(t('attachments.tooMany', { qtd: maxFiles }));
      return;
    }
    void uploads.uploadAll(files);
  };

  const command = async (attachment: Attachment, which: AttachmentRowCommand) => {
    if (which === 'download') {
      try {
        saveBlobAs(await services.download(attachment.attachmentId), attachment.name);
      } catch (error) {
        uploads.setError(error instanceof Error ? error.message : String(error));
      }
    } else if (which === 'replace') {
      replacing.current = attachment;
      replaceInput.current?.click();
    } else setOpen({ kind: which, attachment });
  };

  return (
    <Stack spacing={1}>
      {canEdit && (
        <AttachmentDropzone
          disabled={uploads.busy || attachments.length >= maxFiles}
          progress={uploads.progress}
          onFiles={onFiles}
        />
      )}
      <input
        ref={replaceInput}
        type="file"
        hidden
        data-testid="attachments-replace-input"
        aria-label={t('attachments.replace')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          const target = replacing.current;
          if (file && target) void uploads.replaceOf(target.attachmentId, file, refresh);
        }}
      />
      {uploads.error && (
        <Alert severity="error" onClose={() => uploads.setError(null)}>
          {uploads.error}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('attachments.count', { count: attachments.length, max: maxFiles })}
      </Typography>
      {attachments.length === 0 ? (
        <Typography color="text.secondary">{t('attachments.empty')}</Typography>
      ) : (
        <List dense aria-labelledby={titleId}>
          {attachments.map((attachment) => (
            <AttachmentRow
              key={attachment.attachmentId}
              attachment={attachment}
              indexes={configs}
              context={contextOf(attachment)}
              actions={actions}
              onCommand={(which) => void command(attachment, which)}
              onAction={(action) => setOpen({ kind: 'action', attachment, action })}
            />
          ))}
        </List>
      )}
      {open?.kind === 'view' && (
        <AttachmentPreviewDialog
          attachment={open.attachment}
          services={services}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'versions' && (
        <AttachmentVersionsDialog
          attachment={open.attachment}
          services={services}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'indexes' && (
        <FileIndexesDialog
          attachment={open.attachment}
          indexes={configs}
          readOnly={!canEdit}
          services={services}
          onSaved={() => {
            setOpen(null);
            refresh();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          name={open.attachment.name}
          onCancel={() => setOpen(null)}
          onConfirm={async () => {
            const target = open.attachment;
            setOpen(null);
            try {
              setList(await services.remove(target.attachmentId));
            } catch (error) {
              uploads.setError(error instanceof Error ? error.message : String(error));
            }
          }}
        />
      )}
      {open?.kind === 'action' &&
        open.action.renderDialog({ ...contextOf(open.attachment), close: () => setOpen(null) })}
    </Stack>
  );
}

/**
 * The attachments component of spec §3/§7.6: the files attached to the saved item through this component
 * (upload several by choosing or dropping them, with progress; list with sizes; view PDFs and images; download;
 * replace keeping the earlier versions; file index values; delete), and the extension actions the page gives
 * (signatures). A new item has none yet: it says to save first.
 */
export function AttachmentsWidget({ component }: KindProps<'attachments'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const { itemId, mode, readOnly, services } = useFormRenderer();
  if (!modeShowsItemData(mode)) return null;
  const attachments = services.attachments;
  return (
    <WidgetFrame component={component} titleId={titleId} gutterBottom>
      {itemId === null ? (
        <Typography color="text.secondary">{t('attachments.saveFirst')}</Typography>
      ) : !attachments ? (
        <Typography color="text.secondary">{t('attachments.preview')}</Typography>
      ) : (
        <AttachmentsOfItem
          itemId={itemId}
          widgetKey={component.key}
          readOnly={readOnly || component.readOnly}
          services={attachments}
          actions={services.attachmentActions ?? NO_ACTIONS}
          titleId={titleId}
        />
      )}
    </WidgetFrame>
  );
}
