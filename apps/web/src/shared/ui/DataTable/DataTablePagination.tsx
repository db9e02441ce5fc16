import { TablePagination } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../format/formatNumber.ts';
import { useFormatContext } from './DataTableCellContent.tsx';

export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100];

interface DataTablePaginationProps {
  /** 1-based. */
  page: number;
  rowsPerPage: number;
  /** Rows on this page. */
  shownRows: number;
  total: number;
  capped: boolean;
  hasNextPage: boolean;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/** The pager under the table; past a capped count (1.000+) it offers 'next' while the owner says there is one. */
export function DataTablePagination({
  page,
  rowsPerPage,
  shownRows,
  total,
  capped,
  hasNextPage,
  onPageChange,
  onRowsPerPageChange,
}: DataTablePaginationProps) {
  const { t } = useTranslation();
  const { language } = useFormatContext();
  const firstShown = (page - 1) * rowsPerPage;
  const count = capped ? (hasNextPage ? -1 : firstShown + shownRows) : total;
  return (
    <TablePagination
      data-no-print
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      labelRowsPerPage={t('dataTable.rowsPerPage')}
      labelDisplayedRows={() =>
        t('dataTable.displayedRows', {
          from: shownRows === 0 ? 0 : firstShown + 1,
          to: firstShown + shownRows,
          count: formatCount(total, capped, language),
        })
      }
      getItemAriaLabel={(type) => t(`dataTable.goTo.${type}`)}
      showFirstButton={!capped}
      showLastButton={!capped}
    />
  );
}
