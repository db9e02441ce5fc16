import { type FileIndexDefinition, localize, type RepositoryFile } from '@der/contracts';
import DownloadIcon from '@mui/icons-material/Download';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../shared/ui/FormRenderer/attachments/formatFileSize.ts';

/** 'Tipo de documento: Projeto · Folha: 3': the filled file indexes, with their labels and option captions. */
export function fileIndexSummary(
  indexes: readonly FileIndexDefinition[],
  values: RepositoryFile['fileIndexes'],
  language: string,
): string {
  return indexes
    .flatMap((index) => {
      const value = values[index.key];
      if (value === null || value === undefined || value === '') return [];
      const option = index.options?.find((candidate) => candidate.value === value);
      return [
        `${localize(index.label, language)}: ${option ? localize(option.label, language) : String(value)}`,
      ];
    })
    .join(' · ');
}

/**
 * The files of a folder or of a search: name, size (KB/MB base 1024, one decimal), the document's version, file
 * indexes, last change; download, and move when the user may change the file. Paged by the server.
 */
export function FilesTable({
  caption,
  rows,
  total,
  page,
  rowsPerPage,
  fileIndexes,
  showProject,
  onPage,
  onRowsPerPage,
  onDownload,
  onMove,
}: {
  caption: string;
  rows: readonly RepositoryFile[];
  total: number;
  page: number;
  rowsPerPage: number;
  fileIndexes: readonly FileIndexDefinition[];
  showProject?: boolean;
  onPage: (page: number) => void;
  onRowsPerPage: (rows: number) => void;
  onDownload: (file: RepositoryFile) => void;
  onMove?: (file: RepositoryFile) => void;
}) {
  const { t, i18n } = useTranslation();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              <TableCell>{t('repositories.columns.name')}</TableCell>
              {showProject && <TableCell>{t('repositories.columns.project')}</TableCell>}
              <TableCell align="right">{t('repositories.columns.size')}</TableCell>
              <TableCell align="right">{t('repositories.columns.version')}</TableCell>
              <TableCell>{t('repositories.columns.fileIndexes')}</TableCell>
              <TableCell>{t('repositories.columns.modified')}</TableCell>
              <TableCell align="right">{t('repositories.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={showProject ? 7 : 6}>
                  <Typography color="text.secondary">{t('repositories.noFiles')}</Typography>
                </TableCell>
              </TableRow>
            )}
            {rows.map((file) => (
              <TableRow key={file.id} hover>
                <TableCell>{file.title}</TableCell>
                {showProject && <TableCell>{file.projectTitle ?? ''}</TableCell>}
                <TableCell align="right">
                  {file.size === null ? '' : formatFileSize(file.size, i18n.language)}
                </TableCell>
                <TableCell align="right">{file.fileVersion ?? ''}</TableCell>
                <TableCell>{fileIndexSummary(fileIndexes, file.fileIndexes, i18n.language)}</TableCell>
                <TableCell>
                  {dateFormat.format(new Date(file.modifiedAt))}
                  {file.modifierName ? ` · ${file.modifierName}` : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('repositories.download', { name: file.title })}>
                    <span>
                      <IconButton
                        size="small"
                        aria-label={t('repositories.download', { name: file.title })}
                        disabled={file.attachmentId === null}
                        onClick={() => onDownload(file)}
                      >
                        <DownloadIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  {onMove && file.canWrite && (
                    <Tooltip title={t('repositories.move', { name: file.title })}>
                      <IconButton
                        size="small"
                        aria-label={t('repositories.move', { name: file.title })}
                        onClick={() => onMove(file)}
                      >
                        <DriveFileMoveIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_event, next) => onPage(next)}
        onRowsPerPageChange={(event) => onRowsPerPage(Number(event.target.value))}
        labelRowsPerPage={t('repositories.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('repositories.displayedRows', { from, to, count })}
      />
    </>
  );
}
