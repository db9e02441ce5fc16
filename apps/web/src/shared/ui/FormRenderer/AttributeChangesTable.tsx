import type { AttributeChange } from '@der/contracts';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** getAttributeChanges as a table: each field with its value before and after (history, save conflicts). */
export function AttributeChangesTable({
  label,
  changes,
}: {
  label: string;
  changes: readonly AttributeChange[];
}) {
  const { t } = useTranslation();
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('form.history.field')}</TableCell>
          <TableCell>{t('form.history.from')}</TableCell>
          <TableCell>{t('form.history.to')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((change) => (
          <TableRow key={change.field}>
            <TableCell>{change.label}</TableCell>
            <TableCell>{change.oldValue}</TableCell>
            <TableCell>{change.newValue}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
