import type { FileIndexSearchRow } from '@der/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormRenderer } from '../FormRendererContext.ts';
import { modeShowsItemData } from '../formModes.ts';
import type { KindProps } from '../kinds/kindProps.ts';
import { WidgetFrame } from '../kinds/WidgetFrame.tsx';
import { useDebounced } from '../useDebounced.ts';
import { formatFileSize } from './formatFileSize.ts';
import { saveBlobAs } from './saveBlob.ts';
import { useFileIndexSearch } from './useFileIndexSearch.ts';

const PAGE_SIZE = 10;

function indexText(row: FileIndexSearchRow): string {
  return Object.entries(row.attachment.fileIndexes)
    .filter(([, value]) => value !== null && value !== '')
    .map(([key, value]) => `${key}: ${value}`)
    .join(' · ');
}

/**
 * The file indexes component (spec §3): a search of the application's attachments by file name or file index
 * value (getAllFileIndexes), over the items the user sees, paged, each file downloadable.
 */
export function FileIndexSearchWidget({ component }: KindProps<'fileIndexes'>) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { mode, services } = useFormRenderer();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const debounced = useDebounced(search, 300);
  const attachments = services.attachments;
  const results = useFileIndexSearch(attachments, debounced, page, PAGE_SIZE);
  if (!modeShowsItemData(mode)) return null;
  return (
    <WidgetFrame component={component} titleId={titleId} gutterBottom>
      {!attachments ? (
        <Typography color="text.secondary">{t('attachments.preview')}</Typography>
      ) : (
        <Stack spacing={1}>
          <TextField
            size="small"
            label={t('attachments.search')}
            helperText={t('attachments.searchHint')}
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(0);
            }}
          />
          {results.isError && <Alert severity="error">{(results.error as Error).message}</Alert>}
          {results.data && results.data.total === 0 && (
            <Typography color="text.secondary">{t('attachments.noResults')}</Typography>
          )}
          {results.data && results.data.total > 0 && (
            <>
              <Table size="small" aria-labelledby={titleId}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('attachments.columns.file')}</TableCell>
                    <TableCell>{t('attachments.columns.item')}</TableCell>
                    <TableCell>{t('attachments.columns.indexes')}</TableCell>
                    <TableCell>{t('attachments.columns.size')}</TableCell>
                    <TableCell>{t('attachments.columns.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {results.data.rows.map((row) => (
                    <TableRow key={row.attachment.attachmentId}>
                      <TableCell>{row.attachment.name}</TableCell>
                      <TableCell>{`${row.item.formattedId} ${row.item.title}`}</TableCell>
                      <TableCell>{indexText(row)}</TableCell>
                      <TableCell>{formatFileSize(row.attachment.size, i18n.language)}</TableCell>
                      <TableCell>
                        <IconButton
                          aria-label={t('attachments.download', { name: row.attachment.name })}
                          onClick={async () =>
                            saveBlobAs(
                              await attachments.download(row.attachment.attachmentId),
                              row.attachment.name,
                            )
                          }
                        >
                          <DownloadIcon />
                        </IconButton>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
              <TablePagination
                component="div"
                count={results.data.total}
                page={page}
                rowsPerPage={PAGE_SIZE}
                rowsPerPageOptions={[PAGE_SIZE]}
                onPageChange={(_event, next) => setPage(next)}
              />
            </>
          )}
        </Stack>
      )}
    </WidgetFrame>
  );
}
