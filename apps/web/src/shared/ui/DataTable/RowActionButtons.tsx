import EditIcon from '@mui/icons-material/Edit';
import { IconButton } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DataTableRow } from './dataTableTypes.ts';

/** A row's pencil (when it has a form to open) and its own actions: the table's actions cell and a card's header. */
export function RowActionButtons({
  row,
  getEditHref,
  renderRowActions,
}: {
  row: DataTableRow;
  getEditHref?: (row: DataTableRow) => string;
  renderRowActions?: (row: DataTableRow) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {getEditHref && (
        <IconButton
          component={Link}
          to={getEditHref(row)}
          size="small"
          aria-label={t('dataTable.edit', { name: row.label })}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      )}
      {renderRowActions?.(row)}
    </>
  );
}
