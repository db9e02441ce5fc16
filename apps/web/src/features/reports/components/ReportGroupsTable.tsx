import type { ReportInfo, ReportResult } from '@der/contracts';
import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatReportNumber } from '../reportFormat.ts';

/** The groups with their measures, then the totals over every matching item. */
export function ReportGroupsTable({ info, result }: { info: ReportInfo; result: ReportResult }) {
  const { t, i18n } = useTranslation();
  const numbers = (values: Array<number | null>) =>
    values.map((value, index) => (
      <TableCell key={info.measures[index]?.label ?? index} align="right">
        {formatReportNumber(value, info.measures[index]?.format ?? 'decimal', i18n.language)}
      </TableCell>
    ));
  return (
    <TableContainer>
      <Table size="small" aria-label={t('reports.groupsTable')}>
        <TableHead>
          <TableRow>
            {info.groups.map((group) => (
              <TableCell key={group.label}>{group.label}</TableCell>
            ))}
            {info.measures.map((measure) => (
              <TableCell key={measure.label} align="right">
                {measure.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {result.groups.map((group) => (
            <TableRow key={group.keys.map((key) => String(key.value)).join('|')}>
              {group.keys.map((key, level) => (
                <TableCell key={info.groups[level]?.label ?? level}>{key.label}</TableCell>
              ))}
              {numbers(group.values)}
            </TableRow>
          ))}
          {info.groups.length > 0 && (
            <TableRow sx={{ '& td': { fontWeight: 'bold' } }}>
              <TableCell colSpan={info.groups.length}>{t('reports.total')}</TableCell>
              {numbers(result.totals)}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
