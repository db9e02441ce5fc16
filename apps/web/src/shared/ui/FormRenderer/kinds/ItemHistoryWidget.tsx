import {
  Alert,
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../format/formatDateTime.ts';
import { visuallyHidden } from '../../DataTable/visuallyHidden.ts';
import { AttributeChangesTable } from '../AttributeChangesTable.tsx';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { ItemHistoryEntry } from '../formRendererTypes.ts';
import { useItemHistory } from './useItemHistory.ts';
import { useVersionChanges } from './useVersionChanges.ts';

function AttributeDiff({ entry }: { entry: ItemHistoryEntry }) {
  const { t } = useTranslation();
  const { services, itemId } = useFormRenderer();
  const changes = useVersionChanges(services, itemId, entry.version);
  if (changes.isError) return <Alert severity="error">{t('form.history.loadFailed')}</Alert>;
  if (!changes.data) return <Typography>{t('form.loading')}</Typography>;
  if (changes.data.length === 0) return <Typography>{t('form.history.noChanges')}</Typography>;
  return (
    <AttributeChangesTable
      label={t('form.history.diffTitle', { version: entry.version })}
      changes={changes.data}
    />
  );
}

/** The versions of the item; each one opens the field-by-field changes from the version before. */
export function ItemHistoryWidget() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { services, itemId, mode } = useFormRenderer();
  const [open, setOpen] = useState<number | null>(null);
  const history = useItemHistory(services, itemId);
  if (!modeShowsItemData(mode)) return null;
  const language = i18n.language === 'en' ? 'en' : 'pt-BR';
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} component="h2" variant="subtitle1">
        {t('form.kinds.itemHistory')}
      </Typography>
      {itemId === null ? (
        <Typography color="text.secondary">{t('form.related.saveFirst')}</Typography>
      ) : history.isError ? (
        <Alert severity="error">{t('form.history.loadFailed')}</Alert>
      ) : (
        <Table size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell>{t('form.history.version')}</TableCell>
              <TableCell>{t('form.history.action')}</TableCell>
              <TableCell>{t('form.history.changedBy')}</TableCell>
              <TableCell>{t('form.history.changedAt')}</TableCell>
              {/* Named for screen readers (axe: empty-table-header); the buttons below say what they do. */}
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('form.history.showChanges')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(history.data ?? []).flatMap((entry) => [
              <TableRow key={entry.version}>
                <TableCell>{entry.version}</TableCell>
                <TableCell>
                  {t(`form.history.actions.${entry.action}`, { defaultValue: entry.action })}
                </TableCell>
                <TableCell>{entry.changedBy}</TableCell>
                <TableCell>{formatDateTime(entry.changedAt, 0, language)}</TableCell>
                <TableCell>
                  {entry.version > 1 && (
                    <Button
                      size="small"
                      onClick={() => setOpen(open === entry.version ? null : entry.version)}
                    >
                      {open === entry.version ? t('form.history.hideChanges') : t('form.history.showChanges')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>,
              open === entry.version ? (
                <TableRow key={`${entry.version}-diff`}>
                  <TableCell colSpan={5}>
                    <AttributeDiff entry={entry} />
                  </TableCell>
                </TableRow>
              ) : null,
            ])}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
