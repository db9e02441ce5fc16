import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { PdfViewer } from '../../../shared/ui/PdfViewer.tsx';
import { useDefinitionDocument, usePrintLayoutPreview, useSavePrintLayout } from './definitionQueries.ts';
import { AdvancedJsonSection } from './printLayoutDesigner/AdvancedJsonSection.tsx';
import { catalogOf } from './printLayoutDesigner/layoutCatalog.ts';
import { PrintLayoutDesigner } from './printLayoutDesigner/PrintLayoutDesigner.tsx';
import {
  draftOfDesign,
  draftOfLayout,
  draftOfText,
  type LayoutDraft,
  type LayoutEntry,
  listPrintLayouts,
  parseLayoutText,
} from './printLayoutEditing.ts';

/**
 * An administrator edits a print layout of an installed definition: in a designer (the page drawn to scale,
 * its fields moved and inspected, bindings chosen from the component's fields) or in its JSON, both checked by
 * the contract's schema as they change; a preview over a real item (the server draws it); and saving as a new
 * version of the definition through the definitions import.
 */
export function PrintLayoutEditorDialog({
  definitionKey,
  onClose,
}: {
  definitionKey: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const exported = useDefinitionDocument(definitionKey);
  const entries = useMemo(
    () => (exported.data ? listPrintLayouts(exported.data, i18n.language) : []),
    [exported.data, i18n.language],
  );
  const [chosen, setChosen] = useState(0);
  const [drafts, setDrafts] = useState<Record<number, LayoutDraft>>({});
  const entry: LayoutEntry | undefined = entries[chosen];
  const draft = useMemo(
    () => drafts[chosen] ?? (entry ? draftOfLayout(entry.layout) : undefined),
    [drafts, chosen, entry],
  );
  const text = draft?.text ?? '';
  const parsed = useMemo(() => parseLayoutText(text), [text]);
  const catalog = useMemo(
    () => catalogOf(exported.data, entry?.componentIndex ?? -1),
    [exported.data, entry?.componentIndex],
  );
  const [itemId, setItemId] = useState('');
  const preview = usePrintLayoutPreview(itemId);
  const save = useSavePrintLayout(definitionKey, exported.data, entry, {
    onSuccess: () => void exported.refetch(),
  });
  const updateDraft = (next: LayoutDraft) => setDrafts((current) => ({ ...current, [chosen]: next }));
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('admin.printLayouts.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {exported.isError && <Alert severity="error">{getErrorMessage(exported.error)}</Alert>}
          {exported.isSuccess && entries.length === 0 && (
            <Alert severity="info">{t('admin.printLayouts.none')}</Alert>
          )}
          {entries.length > 0 && (
            <TextField
              select
              label={t('admin.printLayouts.layout')}
              value={chosen}
              onChange={(event) => setChosen(Number(event.target.value))}
            >
              {entries.map((candidate, index) => (
                <MenuItem key={candidate.label} value={index}>
                  {candidate.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          {draft?.design && (
            <PrintLayoutDesigner
              // A fresh designer (page 1, nothing selected) for each layout.
              key={chosen}
              layout={draft.design}
              catalog={catalog}
              onChange={(design) => updateDraft(draftOfDesign(design))}
            />
          )}
          {draft && !draft.design && (
            <Alert severity="warning">{t('admin.printLayouts.designUnavailable')}</Alert>
          )}
          {draft && (
            <AdvancedJsonSection text={text} onChange={(next) => updateDraft(draftOfText(draft, next))} />
          )}
          {!parsed.ok && entry && (
            <Alert severity="error" aria-label={t('admin.printLayouts.problems')}>
              {parsed.problems.map((problem) => (
                <div key={problem}>{problem}</div>
              ))}
            </Alert>
          )}
          {entry && (
            <TextField
              label={t('admin.printLayouts.itemId')}
              value={itemId}
              onChange={(event) => setItemId(event.target.value.replace(/\D/g, ''))}
              helperText={t('admin.printLayouts.itemIdHelp')}
            />
          )}
          {preview.isError && <Alert severity="error">{getErrorMessage(preview.error)}</Alert>}
          {save.isError && <Alert severity="error">{getErrorMessage(save.error)}</Alert>}
          {save.isSuccess && (
            <Alert severity="success">{t('admin.printLayouts.saved', { version: save.data.version })}</Alert>
          )}
          {preview.data && (
            <PdfViewer file={preview.data} label={t('admin.printLayouts.preview')} height="60vh" />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.printLayouts.close')}</Button>
        <Button
          disabled={!parsed.ok || itemId === '' || preview.isPending}
          onClick={() => parsed.ok && preview.mutate(parsed.layout)}
        >
          {t('admin.printLayouts.preview')}
        </Button>
        <Button
          variant="contained"
          disabled={!parsed.ok || !entry || save.isPending}
          onClick={() => parsed.ok && save.mutate(parsed.layout)}
        >
          {t('admin.printLayouts.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
