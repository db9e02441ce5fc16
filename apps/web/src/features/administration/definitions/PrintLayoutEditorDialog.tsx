import type { PrintLayout } from '@der/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../api/getErrorMessage.ts';
import { PdfViewer } from '../../../shared/ui/PdfViewer.tsx';
import { useDefinitionDocument, usePrintLayoutPreview, useSavePrintLayout } from './definitionQueries.ts';
import { type LayoutEntry, listPrintLayouts, parseLayoutText } from './printLayoutEditing.ts';

/** What a field shows in the structured list: where its value comes from. */
function bindingOf(field: PrintLayout['template']['schemas'][number][number]): string {
  if ('binding' in field) {
    const binding = field.binding;
    return binding.kind === 'field' ? `${binding.field} (${binding.format.kind})` : binding.kind;
  }
  if (field.type === 'multiVariableText') return Object.keys(field.variables).join(', ');
  return '';
}

function LayoutFields({ layout }: { layout: PrintLayout }) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={t('admin.printLayouts.fields')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.printLayouts.fieldName')}</TableCell>
          <TableCell>{t('admin.printLayouts.fieldType')}</TableCell>
          <TableCell>{t('admin.printLayouts.fieldBox')}</TableCell>
          <TableCell>{t('admin.printLayouts.fieldBinding')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {layout.template.schemas.flat().map((field) => (
          <TableRow key={field.name}>
            <TableCell>{field.name}</TableCell>
            <TableCell>{field.type}</TableCell>
            <TableCell>{`${field.position.x}, ${field.position.y} — ${field.width} × ${field.height} mm`}</TableCell>
            <TableCell>{bindingOf(field)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * An administrator edits a print layout of an installed definition: its fields listed (name, type, box,
 * binding), its JSON checked by the contract's schema as it is typed, a preview over a real item (the server
 * draws it), and saving as a new version of the definition through the definitions import.
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
  const [texts, setTexts] = useState<Record<number, string>>({});
  const entry: LayoutEntry | undefined = entries[chosen];
  const text = texts[chosen] ?? (entry ? JSON.stringify(entry.layout, null, 2) : '');
  const parsed = parseLayoutText(text);
  const [itemId, setItemId] = useState('');
  const preview = usePrintLayoutPreview(itemId);
  const save = useSavePrintLayout(definitionKey, exported.data, entry, {
    onSuccess: () => void exported.refetch(),
  });
  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby={titleId}>
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
          {parsed.ok && <LayoutFields layout={parsed.layout} />}
          {entry && (
            <TextField
              label={t('admin.printLayouts.json')}
              multiline
              minRows={12}
              maxRows={24}
              value={text}
              onChange={(event) => setTexts({ ...texts, [chosen]: event.target.value })}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
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
