import type { ColumnDefinition, Language, ReportResult } from '@der/contracts';
import {
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCellText } from '../../../shared/format/formatCellText.ts';
import { toDataTableRow } from '../../runtime/list/toDataTableRow.ts';

/** The report's items, a page at a time, formatted as the lists format them (spec §9). */
export function ReportItemsTable({
  columns,
  table,
  itemPathOf,
  onPageChange,
  onRowsPerPageChange,
}: {
  columns: readonly ColumnDefinition[];
  /** Where a row opens its item: its first cell links there (the whole window: the viewer may be framed). */
  itemPathOf?: ((itemId: number) => string) | undefined;
  table: NonNullable<ReportResult['table']>;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const context = { language: i18n.language as Language, t };
  const rows = table.rows.map((row) => toDataTableRow(row, columns, table.users));
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={t('reports.itemsTable')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.name}>{column.header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                {columns.map((column, index) => {
                  const text = formatCellText(
                    column,
                    row.values[column.name],
                    row.display[column.name],
                    context,
                  );
                  return (
                    <TableCell key={column.name}>
                      {index === 0 && itemPathOf ? (
                        <Link href={itemPathOf(row.id)} target="_top">
                          {text || t('reports.openItem')}
                        </Link>
                      ) : (
                        text
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={table.capped ? -1 : table.total}
        page={table.page - 1}
        rowsPerPage={table.rowsPerPage}
        rowsPerPageOptions={[10, 25, 50, 100]}
        onPageChange={(_event, page) => onPageChange(page + 1)}
        onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
        labelRowsPerPage={t('reports.rowsPerPage')}
      />
    </>
  );
}
